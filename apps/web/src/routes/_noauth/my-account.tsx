import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmailLinkHandler, type EmailLinkMode } from '../../features/auth/components/email-link-handler.tsx';
import { useT } from '../../lib/i18n.ts';

const flags = {};

interface MyAccountSearch {
  mode?: EmailLinkMode;
  token?: string;
}

export const Route = createFileRoute('/_noauth/my-account')({
  staticData: { flags, layout: 'no-auth' },
  validateSearch: (search: Record<string, unknown>): MyAccountSearch => ({
    mode: search.mode === 'verifyEmail' || search.mode === 'resetPassword' ? search.mode : undefined,
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
  component: MyAccount,
});

function MyAccount() {
  const { mode, token } = Route.useSearch();
  const t = useT();
  const title = t(
    mode === 'resetPassword'
      ? 'app.frame.reset-title'
      : mode === 'verifyEmail'
        ? 'app.frame.verify-title'
        : 'app.frame.my-account',
  );
  return (
    <PageFrame title={title}>
      <EmailLinkHandler mode={mode} token={token} />
    </PageFrame>
  );
}
