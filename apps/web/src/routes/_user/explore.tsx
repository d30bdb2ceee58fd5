import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { guard } from '../../lib/guard.ts';
import { BuyerExplorer } from '../../features/explore/components/buyer-explorer.tsx';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_user/explore')({
  staticData: { flags, layout: 'user' },
  beforeLoad: guard(flags),
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Explore in 3D" description="Walk through your rooms in 3D with the finishes you have chosen.">
      <BuyerExplorer mode="explore" />
    </PageFrame>
  );
}
