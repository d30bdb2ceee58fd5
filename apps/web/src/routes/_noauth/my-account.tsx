import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { guard } from '../../lib/guard.ts';

const flags = {};

export const Route = createFileRoute('/_noauth/my-account')({
  staticData: { flags, layout: 'no-auth' },
  beforeLoad: guard(flags),
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Your account" description="Verify your e-mail address or choose a new password from the link we sent you." />
  );
}
