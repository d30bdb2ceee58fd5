import { createFileRoute } from '@tanstack/react-router';
import { LEAD_STATUSES, type LeadStatus } from '@decor/core';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LeadsList } from '../../../features/leads/components/leads-list.tsx';
import { useT } from '../../../lib/i18n.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

/** /manage/leads/{id?}: who asked about a home, and what the sales team did about it; a mail's link opens its lead. */
export const Route = createFileRoute('/_manager/manage/leads/{-$id}')({
  staticData: { flags, layout: 'manager' },
  // The status shown lives in the address, so that a dashboard figure opens exactly its leads.
  validateSearch: (search: Record<string, unknown>): { status?: LeadStatus } =>
    LEAD_STATUSES.includes(search.status as LeadStatus) ? { status: search.status as LeadStatus } : {},
  component: Page,
});

function Page() {
  const t = useT();
  const { id } = Route.useParams();
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageFrame title={t('app.page.leads.title')} description={t('app.page.leads.description')}>
      <LeadsList
        selected={id}
        onSelect={(next) => void navigate({ to: '/manage/leads/{-$id}', params: { id: next }, search: (s) => s })}
        status={status ?? 'all'}
        onStatus={(next) => void navigate({ search: next === 'all' ? {} : { status: next }, replace: true })}
      />
    </PageFrame>
  );
}
