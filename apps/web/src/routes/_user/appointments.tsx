import { createFileRoute } from '@tanstack/react-router';
import { Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { BuyerAccess } from '../../components/selection/buyer-access.tsx';
import { SelectionAppointments } from '../../features/appointments/components/selection-appointments.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { myCartsQuery } from '../../lib/cart-summary.ts';
import { useT } from '../../lib/i18n.ts';
import { prefetchMyCarts } from '../../lib/route-prefetch.ts';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/appointments')({
  staticData: { flags, layout: 'user' },
  loader: () => prefetchMyCarts(),
  component: Page,
});

/** `/appointments`: a buyer's meetings with the design centre, and booking one (docs/appointments.md). */
function Page() {
  const t = useT();
  const { data: carts, isLoading, isError, error, refetch } = useQuery(myCartsQuery);
  const isNotMember = isError && error instanceof ApiError && error.code === 'forbidden';
  return (
    <PageFrame title={t('app.page.appointments.title')} description={t('app.page.appointments.description')}>
      {isLoading ? (
        <Skeleton h={260} radius="md" />
      ) : isError || !carts?.length ? (
        <BuyerAccess
          isNotMember={isNotMember}
          hasNoCart={!isError}
          isError={isError && !isNotMember}
          error={error}
          retry={refetch}
          what={t('app.page.appointments.title')}
        />
      ) : (
        <Stack gap="xl">
          {carts.map((cart) => (
            <Stack key={cart._id} gap="md">
              {carts.length > 1 && <Title order={2}>{t('app.home.unit', { name: cart.unit.name })}</Title>}
              <SelectionAppointments cartId={cart._id} />
            </Stack>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}
