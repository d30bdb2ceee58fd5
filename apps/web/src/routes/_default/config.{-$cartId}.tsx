import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { guard } from '../../lib/guard.ts';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_default/config/{-$cartId}')({
  staticData: { flags, layout: 'default' },
  beforeLoad: guard(flags),
  component: Page,
});

function Page() {
  return (
    <PageFrame title="My selection" description="Your selections grouped by room, with prices, totals and status." />
  );
}
