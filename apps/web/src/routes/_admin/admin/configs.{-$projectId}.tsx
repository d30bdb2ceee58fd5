import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminConfigs } from '../../../features/projects/components/admin-configs.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/configs/{-$projectId}')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  const { projectId } = Route.useParams();
  return (
    <PageFrame
      title="Project configs"
      description="A project's options, features and theme as validated JSON, with a diff before saving and every version kept."
    >
      <AdminConfigs projectId={projectId} />
    </PageFrame>
  );
}
