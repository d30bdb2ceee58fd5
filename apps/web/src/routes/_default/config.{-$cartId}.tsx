import { createFileRoute } from '@tanstack/react-router';
import { prefetchBuyerData } from '../../lib/route-prefetch.ts';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { CartReview } from '../../features/my-selection/components/cart-review.tsx';
import { BuyerConversation } from '../../features/comments/components/selection-conversation.tsx';
import { BuyerMoney } from '../../features/payments/components/selection-money.tsx';
import { useT } from '../../lib/i18n.ts';
import { Stack } from '@mantine/core';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_default/config/{-$cartId}')({
  staticData: { flags, layout: 'default' },
  // The cart and the catalogue are asked for at once, while the page's code loads.
  loader: ({ params }) => prefetchBuyerData(params.cartId),
  component: Page,
});

function Page() {
  const t = useT();
  const { cartId } = Route.useParams();
  return (
    <PageFrame title={t('app.page.selection')} description={t('app.page.selection-text')}>
      <Stack gap="lg">
        <CartReview cartId={cartId} />
        <BuyerMoney cartId={cartId} />
        <BuyerConversation cartId={cartId} />
      </Stack>
    </PageFrame>
  );
}
