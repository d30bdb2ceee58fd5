import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LeadsList } from '../../../features/leads/components/leads-list.tsx';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

/** /manage/leads/{id?}: who asked about a home, and what the sales team did about it; a mail's link opens its lead. */
export const Route = createFileRoute('/_manager/manage/leads/{-$id}')({
  staticData: { flags, layout: 'manager' },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <PageFrame
      title="Leads"
      description="People who asked about a home from the inquiry form, the website widget or a sales-centre screen, and how the sales team follows them up."
    >
      <LeadsList selected={id} onSelect={(next) => void navigate({ to: '/manage/leads/{-$id}', params: { id: next } })} />
    </PageFrame>
  );
}
