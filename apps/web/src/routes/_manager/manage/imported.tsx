import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { CsvImport } from '../../../features/imports/components/csv-import.tsx';
import { ImportHistory } from '../../../features/imports/components/import-history.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/imported')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.imports.title')} description={t('app.page.imports.description')}>
      <CsvImport />
      <ImportHistory />
    </PageFrame>
  );
}
