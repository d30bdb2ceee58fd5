import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { RuntimeSettings } from '../../../features/settings/components/runtime-settings.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/runtime')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.runtime.title')} description={t('app.page.runtime.description')}>
      <RuntimeSettings />
    </PageFrame>
  );
}
