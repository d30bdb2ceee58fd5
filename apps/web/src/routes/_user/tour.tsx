import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { guard } from '../../lib/guard.ts';
import { BuyerExplorer } from '../../features/explore/components/buyer-explorer.tsx';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/tour')({
  staticData: { flags, layout: 'user' },
  beforeLoad: guard(flags),
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Tour" description="A guided walk through your rooms in order, with your finishes.">
      <BuyerExplorer mode="tour" />
    </PageFrame>
  );
}
