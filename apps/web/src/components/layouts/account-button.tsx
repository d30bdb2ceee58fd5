import { forwardRef, useEffect, useState, type ComponentPropsWithoutRef, type ComponentType } from 'react';
import { Button, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../ui/link-button.tsx';
import { meQuery } from '../../lib/session.ts';
import { useManagesCurrentProject } from '../../lib/my-projects.ts';
import { currentProjectKey } from '../../config/env.ts';
import { myCartsQuery } from '../../lib/cart-summary.ts';
import type { AccountMenuProps } from './account-menu.tsx';
import { useFirstPageText } from '../../lib/first-page-text.ts';

/*
 * The menu's code (Mantine's Menu with its positioning and focus handling, about a fifth of a
 * signed-in page's JavaScript) is not needed to draw the page: it loads once the page has loaded
 * and the browser is idle, or at once when the button is used first (docs/architecture.md,
 * "First paint").
 */
let menuModule: Promise<ComponentType<AccountMenuProps>> | null = null;
const loadMenu = () => (menuModule ??= import('./account-menu.tsx').then((module) => module.AccountMenu));

/** How long after the page's load the menu's code waits, so that it never competes with the page's own. */
const MENU_DELAY_MS = 1500;

/** Runs `task` a moment after the page has loaded, when the browser is idle; returns the way to cancel. */
function whenSettled(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let handle: number | undefined;
  const idle = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') handle = requestIdleCallback(task, { timeout: 2000 });
      else task();
    }, MENU_DELAY_MS);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    clearTimeout(timer);
    if (handle !== undefined) cancelIdleCallback(handle);
  };
}

const AccountTarget = forwardRef<HTMLButtonElement, { email: string } & ComponentPropsWithoutRef<'button'>>(
  function AccountTarget({ email, ...others }, ref) {
    const say = useFirstPageText();
    return (
      <Button
        ref={ref}
        variant="subtle"
        size="compact-md"
        maw={{ base: 160, sm: 320 }}
        title={email}
        aria-label={say('frame.account-of', { email })}
        aria-haspopup="menu"
        {...others}
      >
        <Text span inherit truncate="end" visibleFrom="sm">
          {email}
        </Text>
        <Text span inherit hiddenFrom="sm">
          {say('frame.account-short')}
        </Text>
      </Button>
    );
  },
);

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
  const [AccountMenu, setAccountMenu] = useState<ComponentType<AccountMenuProps> | null>(null);
  const [isAskedFor, setAskedFor] = useState(false);
  const isSignedIn = Boolean(me);
  const say = useFirstPageText();
  useEffect(() => {
    if (!isSignedIn) return;
    let isCurrent = true;
    const cancel = whenSettled(() => void loadMenu().then((menu) => isCurrent && setAccountMenu(() => menu)));
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [isSignedIn]);
  if (!me) {
    return (
      <LinkButton
        to="/sign-in"
        search={{ next: href }}
        variant="light"
        size="compact-md"
        style={{ flexShrink: 0 }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      >
        {say('frame.sign-in')}
      </LinkButton>
    );
  }
  if (!AccountMenu) {
    const open = () => {
      setAskedFor(true);
      void loadMenu().then((menu) => setAccountMenu(() => menu));
    };
    return (
      <AccountTarget
        email={me.email}
        aria-expanded={false}
        onClick={open}
        onKeyDown={(event) => event.key === 'ArrowDown' && open()}
      />
    );
  }
  return (
    <AccountMenu
      target={<AccountTarget email={me.email} />}
      showsHome={hasProject && (!isStaff || myCarts.length > 0)}
      showsBackOffice={isStaff}
      showsAdministration={me.isAdmin}
      isOpenAtFirst={isAskedFor}
    />
  );
}
