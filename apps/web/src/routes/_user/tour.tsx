import { createFileRoute } from '@tanstack/react-router';
import { prefetchBuyerData } from '../../lib/route-prefetch.ts';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { BuyerExplorer } from '../../features/explore/components/buyer-explorer.tsx';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/tour')({
  staticData: { flags, layout: 'user' },
  // Every request of the page starts at once, while its code loads (no waterfall).
  loader: () => prefetchBuyerData(),
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Tour" description="A guided walk through your rooms in order, with your finishes.">
      <BuyerExplorer mode="tour" />
    </PageFrame>
  );
}
