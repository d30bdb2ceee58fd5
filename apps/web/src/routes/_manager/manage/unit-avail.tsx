import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import type { UnitRow } from '../../../lib/back-office-types.ts';
import { UnitGrid } from '../../../features/units/components/unit-grid.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };
const STATUSES = ['available', 'reserved', 'sold'];

export const Route = createFileRoute('/_manager/manage/unit-avail')({
  staticData: { flags, layout: 'manager' },
  validateSearch: (search: Record<string, unknown>): { status?: UnitRow['status'] } =>
    STATUSES.includes(search.status as string) ? { status: search.status as UnitRow['status'] } : {},
  component: Page,
});

function Page() {
  const t = useT();
  const { status } = Route.useSearch();
  return (
    <PageFrame title={t('app.page.unit-avail.title')} description={t('app.page.unit-avail.description')}>
      <UnitGrid highlight={status} />
    </PageFrame>
  );
}
