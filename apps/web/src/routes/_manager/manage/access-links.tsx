import { createFileRoute } from '@tanstack/react-router';
import { ACCESS_LINKS_VIEWS, type AccessLinksView } from '@decor/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AccessLinks } from '../../../features/access-links/components/access-links.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/access-links')({
  staticData: { flags, layout: 'manager' },
  // What the list shows lives in the address, so that a dashboard figure opens exactly its rows.
  validateSearch: (search: Record<string, unknown>): { show?: AccessLinksView } =>
    ACCESS_LINKS_VIEWS.includes(search.show as AccessLinksView) && search.show !== 'all' ? { show: search.show as AccessLinksView } : {},
  component: Page,
});

function Page() {
  const { show = 'all' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageFrame
      title="Access links"
      description="Invite buyers to their unit by e-mail, a link or a printed QR code, see who has used theirs and what was mailed to them."
    >
      <AccessLinks show={show} onShow={(next) => void navigate({ search: next === 'all' ? {} : { show: next }, replace: true })} />
    </PageFrame>
  );
}
