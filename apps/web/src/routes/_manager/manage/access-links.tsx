import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AccessLinks } from '../../../features/access-links/components/access-links.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/access-links')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Access links" description="Invite buyers to their unit by e-mail, a link or a printed QR code, and see who has used theirs.">
      <AccessLinks />
    </PageFrame>
  );
}
