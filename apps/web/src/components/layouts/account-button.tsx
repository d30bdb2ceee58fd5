import { Button, Menu, Text } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../ui/link-button.tsx';
import { meQuery } from '../../lib/session.ts';
import { useManagesCurrentProject } from '../../lib/my-projects.ts';
import { currentProjectKey } from '../../config/env.ts';
import { signOut } from '../../lib/auth-client.ts';
import { myCartsQuery } from '../../lib/cart-summary.ts';

/**
 * Sign in for visitors; for signed-in people a menu in every layout: the way between the
 * buyer's view, the project's back office (its managers and admins) and the platform's
 * (admins), the account page, and sign-out. A buyer sees no back-office entry.
 */
export function AccountButton() {
  const { data: me } = useQuery(meQuery);
  const href = useLocation({ select: (location) => location.href });
  const managesProject = useManagesCurrentProject();
  const hasProject = currentProjectKey() !== null;
  const isStaff = Boolean(me) && hasProject && (managesProject || me!.isAdmin);
  // Staff have a home here only when they are buyers too; otherwise "/" is the back office.
  const { data: myCarts = [] } = useQuery({ ...myCartsQuery, enabled: isStaff });
  if (!me) {
    return (
      <LinkButton to="/sign-in" search={{ next: href }} variant="light" size="compact-md">
        Sign in
      </LinkButton>
    );
  }
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <Button variant="subtle" size="compact-md" maw={{ base: 120, sm: 320 }} title={me.email} aria-label={`Account: ${me.email}`}>
          <Text span inherit truncate="end" visibleFrom="sm">
            {me.email}
          </Text>
          <Text span inherit hiddenFrom="sm">
            Account
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {hasProject && (!isStaff || myCarts.length > 0) && (
          <Menu.Item component={Link} to="/">
            My home
          </Menu.Item>
        )}
        {isStaff && (
          <Menu.Item component={Link} to="/manage">
            Back office
          </Menu.Item>
        )}
        {me.isAdmin && (
          <Menu.Item component={Link} to="/admin">
            Administration
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/account">
          Account
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
