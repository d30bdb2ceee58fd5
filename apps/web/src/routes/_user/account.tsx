import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { AccountPage } from '../../features/account/components/account-page.tsx';
import { useT } from '../../lib/i18n.ts';

const flags = { requiresAuth: true };

export const Route = createFileRoute('/_user/account')({
  staticData: { flags, layout: 'user' },
  component: Page,
});

function Page() {
  const t = useT();
  return (
    <PageFrame title={t('app.page.account')} description={t('app.page.account-text')}>
      <AccountPage />
    </PageFrame>
  );
}
