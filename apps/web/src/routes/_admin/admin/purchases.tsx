import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { AdminPurchasesPage } from '../../../features/platform/components/admin-purchases.tsx';

const flags = { requiresAuth: true, requiresAdmin: true };

export const Route = createFileRoute('/_admin/admin/purchases')({
  staticData: { flags, layout: 'admin' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Purchases" description="Approved purchases across every project, with totals per project and currency.">
      <AdminPurchasesPage />
    </PageFrame>
  );
}
