import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { guard } from '../../lib/guard.ts';
import { CartReview } from '../../features/cart/components/cart-review.tsx';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_default/config/{-$cartId}')({
  staticData: { flags, layout: 'default' },
  beforeLoad: guard(flags),
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
