import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminUsers } from '../../../features/users/components/admin-users.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/users')({
  staticData: { flags, layout: 'admin' },
  // `?q=` opens the list already searched (the overview's recent sign-ins link here).
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' && search.q.length <= 100 ? { q: search.q } : {},
  component: Page,
});

function Page() {
  const t = useT();
  const { q } = Route.useSearch();
  return (
    <PageFrame title={t('app.page.users.title')} description={t('app.page.users.description')}>
      <AdminUsers key={q ?? ''} initialQuery={q ?? ''} />
    </PageFrame>
  );
}
