import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useProject } from '../../../lib/project.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/')({
  staticData: { flags, layout: 'manager' },
  component: Dashboard,
});

function Dashboard() {
  const { data: project } = useProject();
  return (
    <PageFrame
      title="Dashboard"
      description={`Units, buyers, carts and deadlines of ${project?.name ?? 'this project'} at a glance.`}
    />
  );
}
