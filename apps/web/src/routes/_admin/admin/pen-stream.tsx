import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { PenStream } from '../../../features/platform/components/pen-stream.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/pen-stream')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Pen stream" description="Every change of every project as it happens.">
      <PenStream />
    </PageFrame>
  );
}
