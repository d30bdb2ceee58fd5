import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PAYMENT_STATES, type PaymentsQuery } from '@decor/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { PaymentsList } from '../../../features/payments/components/payments-list.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/payments')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

/** The list's filters as the address gives them; anything unreadable is no filter. */
function filtersOf(search: Record<string, unknown>): PaymentsQuery {
  const floor = Number(search.floor);
  return {
    state: PAYMENT_STATES.find((known) => known === search.state),
    floor: search.floor !== undefined && search.floor !== '' && Number.isInteger(floor) ? floor : undefined,
    plan: typeof search.plan === 'string' && search.plan ? search.plan : undefined,
    dueBy: typeof search.dueBy === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.dueBy) ? search.dueBy : undefined,
  };
}

function Page() {
  const t = useT();
  // The list's filters live in the address (`?state=overdue&floor=4`), so the dashboard's count
  // links to it and a view can be shared; read here, not by the route, whose checks load with the
  // app's first code.
  const filters = filtersOf(Route.useSearch() as Record<string, unknown>);
  const navigate = useNavigate();
  return (
    <PageFrame title={t('app.page.payments.title')} description={t('app.page.payments.description')}>
      <PaymentsList
        filters={filters}
        onFilters={(next) =>
          void navigate({
            to: '/manage/payments',
            search: Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)),
            replace: true,
          })
        }
      />
    </PageFrame>
  );
}
