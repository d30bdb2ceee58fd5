import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/imported')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Imports" description="Import units, buyers or options from a CSV file." />
  );
}
