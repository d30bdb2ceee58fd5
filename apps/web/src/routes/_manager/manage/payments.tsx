import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PAYMENT_STATES } from '@decor/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { PaymentsList } from '../../../features/payments/components/payments-list.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/payments')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  const t = useT();
  // The list's filter lives in the address (`?state=overdue`), so the dashboard's count links to
  // it; read here, not by the route, whose checks load with the app's first code.
  const asked = (Route.useSearch() as { state?: unknown }).state;
  const state = PAYMENT_STATES.find((known) => known === asked);
  const navigate = useNavigate();
  return (
    <PageFrame title={t('app.page.payments.title')} description={t('app.page.payments.description')}>
      <PaymentsList
        state={state}
        onState={(next) =>
          void navigate({ to: '/manage/payments', search: next ? { state: next } : {}, replace: true })
        }
      />
    </PageFrame>
  );
}
