import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { useProject } from '../../../lib/project.ts';
import { dashboardQuery } from '../../../features/dashboard/api/get-dashboard.ts';
import { ManageDashboard } from '../../../features/dashboard/components/dashboard.tsx';
import { StaffUnreadMessages } from '../../../features/comments/components/unread-messages.tsx';
import { ReviewQueue } from '../../../features/review/components/review-queue.tsx';
import { OverduePayments } from '../../../features/payments/components/payments-list.tsx';
import { AppointmentsToday } from '../../../features/appointments/components/today-card.tsx';
import { Stack } from '@mantine/core';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/')({
  staticData: { flags, layout: 'manager' },
  loader: () => void queryClient.prefetchQuery(dashboardQuery),
  component: Dashboard,
});

function Dashboard() {
  const { data: project } = useProject();
  const t = useT();
  return (
    <PageFrame
      title={t('app.page.dashboard.title')}
      description={project && t('app.page.dashboard.description', { project: project.name })}
    >
      <Stack gap="lg">
        <ReviewQueue />
        <StaffUnreadMessages />
        <OverduePayments />
        <AppointmentsToday />
        <ManageDashboard />
      </Stack>
    </PageFrame>
  );
}
