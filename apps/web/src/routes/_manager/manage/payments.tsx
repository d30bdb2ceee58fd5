import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PAYMENT_STATES, type PaymentState } from '@decor/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { PaymentsList } from '../../../features/payments/components/payments-list.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

/** The list's filter lives in the address, so a dashboard's count can link to it. */
function validateSearch(search: Record<string, unknown>): { state?: PaymentState } {
  return PAYMENT_STATES.includes(search.state as PaymentState) ? { state: search.state as PaymentState } : {};
}

export const Route = createFileRoute('/_manager/manage/payments')({
  staticData: { flags, layout: 'manager' },
  validateSearch,
  component: Page,
});

function Page() {
  const t = useT();
  const { state } = Route.useSearch();
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
