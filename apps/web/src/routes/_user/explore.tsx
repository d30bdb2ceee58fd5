import { createFileRoute } from '@tanstack/react-router';
import { prefetchBuyerData } from '../../lib/route-prefetch.ts';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { BuyerExplorer } from '../../features/explore/components/buyer-explorer.tsx';
import { useT } from '../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/explore')({
  staticData: { flags, layout: 'user' },
  // Every request of the page starts at once, while its code loads (no waterfall).
  loader: () => prefetchBuyerData(),
  // The room to open (from Configure's "See it in 3D"); anything but an id is ignored.
  validateSearch: (search: Record<string, unknown>): { room?: string } =>
    typeof search.room === 'string' && /^[0-9a-f-]{36}$/i.test(search.room) ? { room: search.room } : {},
  component: Page,
});

function Page() {
  const t = useT();
  const { room } = Route.useSearch();
  return (
    <PageFrame title={t('app.page.explore')} description={t('app.page.explore-text')}>
      <BuyerExplorer mode="explore" initialRoom={room} />
    </PageFrame>
  );
}
