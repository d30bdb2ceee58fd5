import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminSessions } from '../../../features/users/components/admin-sessions.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/sessions')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Sessions" description="Visits of signed-in people: who, where, on what device, how long; who is on now.">
      <AdminSessions />
    </PageFrame>
  );
}
