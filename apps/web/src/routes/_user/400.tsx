import { createFileRoute } from '@tanstack/react-router';
import { Alert, Group } from '@mantine/core';
import { BAD_LINK_REASONS, isBadLinkReason } from '@decor/core';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';

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
  return (
    <PageFrame title="This link cannot be used" description="The link you followed is not valid, has expired, or has been used up.">
      <Alert color="orange" title="Why" data-testid="bad-link-reason">
        {reason ? BAD_LINK_REASONS[reason] : 'We could not tell what went wrong with this link.'}
      </Alert>
      <Group>
        <LinkButton to="/sign-in">Sign in</LinkButton>
        <LinkButton to="/" variant="default">
          Go to my home
        </LinkButton>
      </Group>
    </PageFrame>
  );
}
