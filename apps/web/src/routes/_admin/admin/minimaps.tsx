import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminMinimaps } from '../../../features/projects/components/admin-minimaps.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/minimaps')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Minimaps" description="A plan's floor-plan picture with its rooms pinned on it, for the buyers' floor plan in 3D.">
      <AdminMinimaps />
    </PageFrame>
  );
}
