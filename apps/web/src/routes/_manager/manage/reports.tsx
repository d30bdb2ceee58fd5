import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { reportFiltersSchema, type ReportFilters } from '@decor/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import type { ReportTab } from '../../../features/reports/components/reports-page.tsx';
import { useT } from '../../../lib/i18n.ts';

// The charts' library loads with this page only.
const ReportsPage = lazy(() =>
  import('../../../features/reports/components/reports-page.tsx').then((m) => ({ default: m.ReportsPage })),
);

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/reports')({
  staticData: { flags, layout: 'manager' },
  // The report and its filters live in the address, so a view can be shared; read (anything else ignored) by the page.
  validateSearch: (search: Record<string, unknown>) => search as Record<string, string | undefined>,
  component: Page,
});

/** A filter from the address, or none when it is not one (a shared link never fails the page). */
function filtersOf(search: Record<string, unknown>): ReportFilters {
  const fields = ['from', 'to', 'plan', 'floor', 'category'] as const;
  const filters: Record<string, unknown> = {};
  for (const field of fields) {
    const one = reportFiltersSchema.safeParse({ [field]: search[field] });
    if (one.success && search[field] !== undefined) filters[field] = one.data[field];
  }
  const all = reportFiltersSchema.safeParse(filters);
  return all.success ? all.data : {};
}

/** The design centre's reports (docs/reports.md). */
function Page() {
  const t = useT();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tab: ReportTab =
    (['revenue', 'decisions', 'money', 'funnel'] as const).find((name) => name === search.report) ?? 'take-rate';
  return (
    <PageFrame title={t('app.page.manage-reports.title')} description={t('app.page.manage-reports.description')}>
      <Suspense fallback={<Skeleton h={420} radius="md" />}>
        <ReportsPage
          tab={tab}
          filters={filtersOf(search)}
          onChange={(next) =>
            void navigate({
              search: {
                ...(next.tab === 'take-rate' ? {} : { report: next.tab }),
                ...Object.fromEntries(
                  Object.entries(next.filters).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
                ),
              },
              replace: true,
            })
          }
        />
      </Suspense>
    </PageFrame>
  );
}
