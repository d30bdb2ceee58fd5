import { createFileRoute } from '@tanstack/react-router';
import { AccessCodePage } from '../features/auth/components/access-code-page.tsx';

/** /link/{code}: consume an access code, then go to the project home. */
export const Route = createFileRoute('/link/$code')({
  staticData: { flags: {}, layout: 'none' },
  component: LinkPage,
});

function LinkPage() {
  return <AccessCodePage code={Route.useParams().code} destination="home" />;
}
