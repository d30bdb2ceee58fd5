import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminMinimaps } from '../../../features/projects/components/admin-minimaps.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/minimaps')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.minimaps.title')} description={t('app.page.minimaps.description')}>
      <AdminMinimaps />
    </PageFrame>
  );
}
