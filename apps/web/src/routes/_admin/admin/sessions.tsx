import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminSessions } from '../../../features/users/components/admin-sessions.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/sessions')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.sessions.title')} description={t('app.page.sessions.description')}>
      <AdminSessions />
    </PageFrame>
  );
}
