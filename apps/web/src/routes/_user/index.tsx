import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { landOnBackOfficeForStaff, prefetchMyCarts } from '../../lib/route-prefetch.ts';
import { useProject } from '../../lib/project.ts';
import { MyHome as MyHomeOverview } from '../../features/home/components/my-home.tsx';
import { BuyerUnreadMessages } from '../../features/comments/components/unread-messages.tsx';
import { MoneyGlance } from '../../features/payments/components/money-glance.tsx';
import { NextAppointment } from '../../features/appointments/components/next-appointment.tsx';
import { useT } from '../../lib/i18n.ts';
import { Stack } from '@mantine/core';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/')({
  staticData: { flags, layout: 'user' },
  // Every request of the page starts at once, while its code loads (no waterfall). After the
  // layout's guard, staff without a home here land on the back office (docs/screens.md, "Guards"):
  // decided in the loader, so the page's code loads meanwhile rather than after.
  loader: async () => {
    prefetchMyCarts();
    await landOnBackOfficeForStaff();
  },
  component: MyHomePage,
});

function MyHomePage() {
  const { data: project } = useProject();
  const t = useT();
  return (
    <PageFrame
      title={t('app.page.home')}
      description={t('app.page.home-text', { project: project?.name ?? t('app.page.this-project') })}
    >
      <Stack gap="md">
        <BuyerUnreadMessages />
        {/* A signed selection's money below its figures (docs/payments.md). */}
        <MyHomeOverview
          below={(cart) => (
            <>
              <NextAppointment cartId={cart._id} />
              {cart.status !== 'draft' && <MoneyGlance cartId={cart._id} />}
            </>
          )}
        />
      </Stack>
    </PageFrame>
  );
}
