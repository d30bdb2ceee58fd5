import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminDisplays } from '../../../features/displays/components/admin-displays.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/pool')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Screen pool" description="Which screens serve which projects, and which wait to be claimed.">
      <AdminDisplays what="pool" />
    </PageFrame>
  );
}
