import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminData } from '../../../features/projects/components/admin-data.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/data')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.data.title')} description={t('app.page.data.description')}>
      <AdminData />
    </PageFrame>
  );
}
