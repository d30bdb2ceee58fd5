import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { CsvImport } from '../../../features/imports/components/csv-import.tsx';
import { ImportHistory } from '../../../features/imports/components/import-history.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/imported')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  return (
    <PageFrame
      title="Imports"
      description="Set up or update the project from a spreadsheet: units and their buyers, options, categories, rooms and plans, checked row by row before anything is written."
    >
      <CsvImport />
      <ImportHistory />
    </PageFrame>
  );
}
