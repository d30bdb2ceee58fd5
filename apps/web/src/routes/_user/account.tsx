import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { AccountPage } from '../../features/account/components/account-page.tsx';

const flags = { requiresAuth: true };

export const Route = createFileRoute('/_user/account')({
  staticData: { flags, layout: 'user' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Account" description="Your profile, password, active sessions and the projects you belong to.">
      <AccountPage />
    </PageFrame>
  );
}
