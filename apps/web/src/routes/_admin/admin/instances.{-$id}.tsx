import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { DisplaysFrame } from '../../../features/platform/components/displays-frame.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/instances/{-$id}')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Display instances" description="The sales-centre displays, their pairing and health.">
      <DisplaysFrame what="instances" />
    </PageFrame>
  );
}
