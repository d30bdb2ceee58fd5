import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { signOut } from '../../lib/auth-client.ts';
import { useFirstPageText } from '../../lib/first-page-text.ts';

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
export function AccountMenu({
  target,
  showsHome,
  showsBackOffice,
  showsAdministration,
  isOpenAtFirst,
}: AccountMenuProps) {
  const say = useFirstPageText();
  return (
    <Menu position="bottom-end" width={220} shadow="md" defaultOpened={isOpenAtFirst}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {showsHome && (
          <Menu.Item component={Link} to="/">
            {say('frame.my-home')}
          </Menu.Item>
        )}
        {showsBackOffice && (
          <Menu.Item component={Link} to="/manage">
            {say('frame.back-office')}
          </Menu.Item>
        )}
        {showsAdministration && (
          <Menu.Item component={Link} to="/admin">
            {say('frame.administration')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/account">
          {say('frame.account-short')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          {say('frame.sign-out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
