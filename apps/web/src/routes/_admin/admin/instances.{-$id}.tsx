import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminDisplays, DisplayDetail } from '../../../features/displays/components/admin-displays.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/instances/{-$id}')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  if (id) {
    return (
      <PageFrame title="Screen" description="One sales-centre screen and what happened to it.">
        <DisplayDetail id={id} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Screens" description="The sales-centre screens: claim one with the code it shows, name it, give it a project, revoke it.">
      <AdminDisplays what="instances" />
    </PageFrame>
  );
}
