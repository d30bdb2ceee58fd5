import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { DisplaysFrame } from '../../../features/platform/components/displays-frame.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/pool')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Display pool" description="Which display instances serve which projects.">
      <DisplaysFrame what="pool" />
    </PageFrame>
  );
}
