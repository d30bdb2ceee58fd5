import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import type { CartFilter } from '../../../lib/back-office-types.ts';
import { CartsList } from '../../../features/review/components/carts-list.tsx';
import { CartDetail } from '../../../features/review/components/cart-detail.tsx';
import { PurchasingPanel } from '../../../features/review/components/purchasing.tsx';
import { RemindBuyers } from '../../../features/review/components/remind-buyers.tsx';
import { Group, Stack } from '@mantine/core';
import { StaffConversation } from '../../../features/comments/components/selection-conversation.tsx';
import { SelectionMoney } from '../../../features/payments/components/selection-money.tsx';
import { SelectionAppointments } from '../../../features/appointments/components/selection-appointments.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };
const STATUSES: Array<NonNullable<CartFilter['status']>> = ['draft', 'locked', 'submitted', 'approved', 'signed'];

/**
 * The list's filters live in the address, so a dashboard number links to its list and a filtered
 * list can be shared; read (anything else ignored) by the page, which keeps the entry chunk small.
 */
function filterOf(search: Record<string, unknown>): CartFilter {
  const floor = Number(search.floor);
  return {
    status: STATUSES.includes(search.status as never) ? (search.status as CartFilter['status']) : undefined,
    floor: search.floor !== undefined && search.floor !== '' && Number.isInteger(floor) ? floor : undefined,
    due: search.due === 'week' ? 'week' : undefined,
    overdue: search.overdue === true || search.overdue === 'true' ? true : undefined,
    option: typeof search.option === 'string' && /^[0-9a-f-]{36}$/i.test(search.option) ? search.option : undefined,
    q: typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 100) : undefined,
  };
}

export const Route = createFileRoute('/_manager/manage/carts/{-$id}')({
  staticData: { flags, layout: 'manager' },
  validateSearch: (search: Record<string, unknown>) => search as CartFilter,
  component: Page,
});

function Page() {
  const t = useT();
  const { id } = Route.useParams();
  const filter = filterOf(Route.useSearch());
  if (id) {
    return (
      <PageFrame title={t('app.page.cart.title')} description={t('app.page.cart.description')}>
        <Stack gap="lg">
          <CartDetail cartId={id} />
          <SelectionMoney cartId={id} staff />
          <SectionCard title={t('app.appointments.design-centre')}>
            <SelectionAppointments cartId={id} isStaff />
          </SectionCard>
          <StaffConversation cartId={id} />
        </Stack>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={t('app.page.carts.title')}
      description={t('app.page.carts.description')}
      actions={
        <Group gap="xs" align="flex-start">
          <RemindBuyers />
          <PurchasingPanel />
        </Group>
      }
    >
      <CartsList filter={filter} />
    </PageFrame>
  );
}
