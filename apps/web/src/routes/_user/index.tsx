import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { guard } from '../../lib/guard.ts';
import { landOnBackOfficeForStaff } from '../../lib/landing.ts';
import { useProject } from '../../lib/project.ts';
import { MyHome as MyHomeOverview } from '../../features/home/components/my-home.tsx';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/')({
  staticData: { flags, layout: 'user' },
  // Staff without a home here land on the back office (issue 11: role-aware landing).
  beforeLoad: async (context) => {
    await guard(flags)(context);
    await landOnBackOfficeForStaff();
  },
  component: MyHomePage,
});

function MyHomePage() {
  const { data: project } = useProject();
  return (
    <PageFrame
      title="My home"
      description={`Your home at ${project?.name ?? 'this project'}: your unit, your progress and your deadline.`}
    >
      <MyHomeOverview />
    </PageFrame>
  );
}
