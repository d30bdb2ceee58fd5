import { createFileRoute } from '@tanstack/react-router';
import { prefetchBuyerData } from '../../lib/route-prefetch.ts';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { Configurator } from '../../features/configure/components/configurator.tsx';
import { useT } from '../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/configure')({
  staticData: { flags, layout: 'user' },
  // Every request of the page starts at once, while its code loads (no waterfall).
  loader: () => prefetchBuyerData(),
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.configure')} description={t('app.page.configure-text')}>
      <Configurator />
    </PageFrame>
  );
}
