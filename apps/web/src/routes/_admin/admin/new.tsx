import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { NewProjectWizard } from '../../../features/projects/components/new-project-wizard.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/new')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="New project" description="A new builder’s project: its key, money and time, brand, catalogue and first manager.">
      <NewProjectWizard />
    </PageFrame>
  );
}
