import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import type { UnitRow } from '../../../lib/back-office-types.ts';
import { UnitGrid } from '../../../features/units/components/unit-grid.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };
const STATUSES = ['available', 'reserved', 'sold'];

export const Route = createFileRoute('/_manager/manage/unit-avail')({
  staticData: { flags, layout: 'manager' },
  validateSearch: (search: Record<string, unknown>): { status?: UnitRow['status'] } =>
    STATUSES.includes(search.status as string) ? { status: search.status as UnitRow['status'] } : {},
  component: Page,
});

function Page() {
  const { status } = Route.useSearch();
  return (
    <PageFrame
      title="Unit availability"
      description="Every unit floor by floor with its status, buyers and selection; select units to change their status or deadline together."
    >
      <UnitGrid highlight={status} />
    </PageFrame>
  );
}
