import { createFileRoute } from '@tanstack/react-router';
import { prefetchBuyerData } from '../../lib/route-prefetch.ts';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { CartReview } from '../../features/cart/components/cart-review.tsx';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_default/config/{-$cartId}')({
  staticData: { flags, layout: 'default' },
  // The cart and the catalogue are asked for at once, while the page's code loads.
  loader: ({ params }) => prefetchBuyerData(params.cartId),
  component: Page,
});

function Page() {
  const { cartId } = Route.useParams();
  return (
    <PageFrame title="My selection" description="Your selections grouped by room, with prices, totals and status.">
      <CartReview cartId={cartId} />
    </PageFrame>
  );
}
