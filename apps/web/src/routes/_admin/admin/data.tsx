import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminData } from '../../../features/projects/components/admin-data.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/data')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Data" description="Export a project as one JSON bundle, and import a bundle as a new project.">
      <AdminData />
    </PageFrame>
  );
}
