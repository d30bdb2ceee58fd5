import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminProjects } from '../../../features/projects/components/admin-projects.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/projects')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Projects" description="Every project on the platform: open, edit, archive.">
      <AdminProjects />
    </PageFrame>
  );
}
