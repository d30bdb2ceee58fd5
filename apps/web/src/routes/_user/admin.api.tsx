import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { ApiReference } from '../../features/api-reference/components/api-reference.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_user/admin/api')({
  staticData: { flags, layout: 'user' },
  component: Page,
});

function Page() {
  return (
    <PageFrame
      title="API reference"
      description="The interactive reference of every portal, identity and decor API route."
    >
      <ApiReference />
    </PageFrame>
  );
}
