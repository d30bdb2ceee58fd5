import { createFileRoute } from '@tanstack/react-router';
import { prefetchBuyerData } from '../../lib/route-prefetch.ts';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { BuyerExplorer } from '../../features/explore/components/buyer-explorer.tsx';
import { useT } from '../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/tour')({
  staticData: { flags, layout: 'user' },
  // Every request of the page starts at once, while its code loads (no waterfall).
  loader: () => prefetchBuyerData(),
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.tour')} description={t('app.page.tour-text')}>
      <BuyerExplorer mode="tour" />
    </PageFrame>
  );
}
