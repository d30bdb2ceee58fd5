import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminDeploys } from '../../../features/platform/components/admin-deploys.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/deploys')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Deploys" description="The deployments of the portal and the projects each one serves.">
      <AdminDeploys />
    </PageFrame>
  );
}
