import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminConfigs } from '../../../features/projects/components/admin-configs.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/configs/{-$projectId}')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  const t = useT();
  const { projectId } = Route.useParams();
  return (
    <PageFrame title={t('app.page.configs.title')} description={t('app.page.configs.description')}>
      <AdminConfigs projectId={projectId} />
    </PageFrame>
  );
}
