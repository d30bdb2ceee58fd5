import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ModelBuilder } from '../../../features/catalogue/components/model-builder.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/model-builder')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.model-builder.title')} description={t('app.page.model-builder.description')}>
      <ModelBuilder />
    </PageFrame>
  );
}
