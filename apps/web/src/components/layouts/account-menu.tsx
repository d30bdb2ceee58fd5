import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { signOut } from '../../lib/auth-client.ts';

export interface AccountMenuProps {
  /** The button that opens it, as the page first showed it. */
  target: ReactNode;
  showsHome: boolean;
  showsBackOffice: boolean;
  showsAdministration: boolean;
  /** Opened as it appears: the person asked for it before it was loaded. */
  isOpenAtFirst: boolean;
}

/** The account menu (account-button.tsx): loaded once the page is shown, or when asked for. */
export function AccountMenu({ target, showsHome, showsBackOffice, showsAdministration, isOpenAtFirst }: AccountMenuProps) {
  return (
    <Menu position="bottom-end" width={220} shadow="md" defaultOpened={isOpenAtFirst}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {showsHome && (
          <Menu.Item component={Link} to="/">
            My home
          </Menu.Item>
        )}
        {showsBackOffice && (
          <Menu.Item component={Link} to="/manage">
            Back office
          </Menu.Item>
        )}
        {showsAdministration && (
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
