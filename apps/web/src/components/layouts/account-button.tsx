import { Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { LinkButton } from '../ui/link-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../lib/session.ts';

/** Sign in for visitors; the account page for signed-in people. */
export function AccountButton() {
  const { data: me } = useQuery(meQuery);
  const href = useLocation({ select: (location) => location.href });
  if (me) {
    return (
      <LinkButton to="/account" variant="subtle" size="compact-md" maw={{ base: 110, sm: 320 }} title={me.email}>
        <Text span inherit truncate="end" visibleFrom="sm">
          {me.email}
        </Text>
        <Text span inherit hiddenFrom="sm">
          Account
        </Text>
      </LinkButton>
    );
  }
  return (
    <LinkButton to="/sign-in" search={{ next: href }} variant="light" size="compact-md">
      Sign in
    </LinkButton>
  );
}
