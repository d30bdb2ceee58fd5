import { createFileRoute } from '@tanstack/react-router';
import { Alert, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { badLinkKey, isBadLinkReason } from '@decor/core';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { useT } from '../../lib/i18n.ts';
import { meQuery } from '../../lib/session.ts';

const flags = {};

export const Route = createFileRoute('/_user/400')({
  staticData: { flags, layout: 'user' },
  // Only a known reason code is read: the page never prints text taken from the address.
  validateSearch: (search: Record<string, unknown>) => ({
    reason: isBadLinkReason(search.reason) ? search.reason : undefined,
  }),
  component: BadLinkPage,
});

/** Where a bad or expired link lands, with the reason in plain words. */
function BadLinkPage() {
  const { reason } = Route.useSearch();
  const t = useT();
  const { data: me } = useQuery(meQuery);
  return (
    <PageFrame title={t('app.bad-link.title')} description={t('app.bad-link.description')}>
      <Alert color="orange" title={t('app.bad-link.why')} data-testid="bad-link-reason">
        {reason ? t(badLinkKey(reason)) : t('app.bad-link.unknown')}
      </Alert>
      {/* A visitor is offered to sign in; someone signed in, their home. */}
      <Group>
        {me ? (
          <LinkButton to="/">{t('app.bad-link.home')}</LinkButton>
        ) : (
          <LinkButton to="/sign-in">{t('app.link.sign-in')}</LinkButton>
        )}
      </Group>
    </PageFrame>
  );
}
