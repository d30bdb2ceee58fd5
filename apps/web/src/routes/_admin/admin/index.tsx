import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminOverviewPage } from '../../../features/platform/components/admin-overview.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Administration" description="Every project, deploy and person on the platform.">
      <AdminOverviewPage />
    </PageFrame>
  );
}
