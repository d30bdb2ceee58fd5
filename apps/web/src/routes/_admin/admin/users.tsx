import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminUsers } from '../../../features/users/components/admin-users.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/users')({
  staticData: { flags, layout: 'admin' },
  // `?q=` opens the list already searched (the overview's recent sign-ins link here).
  validateSearch: (search: Record<string, unknown>): { q?: string } => (typeof search.q === 'string' && search.q.length <= 100 ? { q: search.q } : {}),
  component: Page,
});

function Page() {
  const { q } = Route.useSearch();
  return (
    <PageFrame title="Users" description="Search people, set the admin flag, verify, disable, and see memberships.">
      <AdminUsers key={q ?? ''} initialQuery={q ?? ''} />
    </PageFrame>
  );
}
