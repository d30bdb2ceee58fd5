import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminFeatures } from '../../../features/platform/components/admin-features.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/features')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Features" description="Platform-wide feature flags, served to every client; a project may set its own.">
      <AdminFeatures />
    </PageFrame>
  );
}
