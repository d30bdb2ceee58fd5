import { createFileRoute } from '@tanstack/react-router';
import { AccessCodePage } from '../features/auth/components/access-code-page.tsx';

/** /go/{code}: consume an access code, then go to the code's stored target path. */
export const Route = createFileRoute('/go/$code')({
  staticData: { flags: {}, layout: 'none' },
  component: GoPage,
});

function GoPage() {
  return <AccessCodePage code={Route.useParams().code} destination="target" />;
}
