import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ModelBuilder } from '../../../features/catalogue/components/model-builder.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/model-builder')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Model builder" description="Fields added to a project's collections, and collections of its own, with the form its managers will get.">
      <ModelBuilder />
    </PageFrame>
  );
}
