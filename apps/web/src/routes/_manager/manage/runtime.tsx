import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { RuntimeSettings } from '../../../features/settings/components/runtime-settings.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/runtime')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  return (
    <PageFrame
      title="3D settings"
      description="How choices paint the buyers' 3D rooms: which category colours which surface, room sizes, the light and the first view."
    >
      <RuntimeSettings />
    </PageFrame>
  );
}
