import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminDisplays, DisplayDetail } from '../../../features/displays/components/admin-displays.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/instances/{-$id}')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  const t = useT();
  const { id } = Route.useParams();
  if (id) {
    return (
      <PageFrame title={t('app.page.screen.title')} description={t('app.page.screen.description')}>
        <DisplayDetail id={id} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('app.page.screens.title')} description={t('app.page.screens.description')}>
      <AdminDisplays what="instances" />
    </PageFrame>
  );
}
