import { createFileRoute } from '@tanstack/react-router';
import { ACCESS_LINKS_VIEWS, type AccessLinksView } from '@decor/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AccessLinks } from '../../../features/access-links/components/access-links.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

export const Route = createFileRoute('/_manager/manage/access-links')({
  staticData: { flags, layout: 'manager' },
  // What the list shows lives in the address, so that a dashboard figure opens exactly its rows.
  validateSearch: (search: Record<string, unknown>): { show?: AccessLinksView } =>
    ACCESS_LINKS_VIEWS.includes(search.show as AccessLinksView) && search.show !== 'all'
      ? { show: search.show as AccessLinksView }
      : {},
  component: Page,
});

function Page() {
  const t = useT();
  const { show = 'all' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageFrame title={t('app.page.access-links.title')} description={t('app.page.access-links.description')}>
      <AccessLinks
        show={show}
        onShow={(next) => void navigate({ search: next === 'all' ? {} : { show: next }, replace: true })}
      />
    </PageFrame>
  );
}
