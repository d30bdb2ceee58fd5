import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';

const flags = {};

export const Route = createFileRoute('/_noauth/inquire/{-$code}')({
  staticData: { flags, layout: 'no-auth' },
  component: Page,
});

function Page() {
  return <PageFrame title="Ask about a home" description="Tell us what you are looking for and the sales team will get back to you." />;
}
