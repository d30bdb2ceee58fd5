import { useDeferredValue, type ReactNode } from 'react';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { ProjectBrand } from '../ui/project-brand.tsx';
import { PageTransition } from '../ui/page-transition.tsx';
import { AccountButton } from './account-button.tsx';
import { NavLinks, type NavItem } from './nav-links.tsx';
import { SkipLink } from '../ui/skip-link.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';
import { useFirstPageText } from '../../lib/first-page-text.ts';
import type { MessageKey } from '@decor/core';
import { useT } from '../../lib/i18n.ts';
import { useKeepLanguage } from '../../lib/keep-language.ts';

export interface ShellLayoutProps {
  /** Which layout (docs/screens.md) this is, for tests and styling. */
  layout: 'user' | 'admin' | 'manager' | 'default';
  nav?: NavItem[];
  /** A label beside the brand, e.g. "Administration", as the catalogue's key. */
  area?: MessageKey;
  brandFallback?: string;
  children?: ReactNode;
}

/**
 * The frame shared by the portal's layouts: a header with the project's logo band and
 * the account button, an optional side navigation that folds into a burger menu on a
 * phone, and the page with its transition.
 */
export function ShellLayout({ layout, nav, area, brandFallback }: ShellLayoutProps) {
  const [isOpen, { toggle, close }] = useDisclosure(false);
  const hasNav = Boolean(nav?.length);
  // The frame is drawn first, the page in a second pass that yields to taps between its parts, so
  // the first screen's work is never one long task (docs/performance.md, "First paint").
  const isPageShown = useDeferredValue(true, false);
  const say = useFirstPageText();
  useKeepLanguage();
  return (
    <AppShell
      data-layout={layout}
      header={{ height: 60 }}
      navbar={hasNav ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !isOpen } } : undefined}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" justify="space-between" wrap="nowrap" pr="md">
          <Group h="100%" gap={0} wrap="nowrap" style={{ minWidth: 0 }}>
            {hasNav && (
              <Burger
                opened={isOpen}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                ml="sm"
                aria-label={say('frame.menu')}
              />
            )}
            <ProjectBrand fallback={brandFallback} />
            {area && (
              <Text fw={600} c="dimmed" ml="md" visibleFrom="xs">
                <AreaName area={area} />
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <AccountButton />
          </Group>
        </Group>
      </AppShell.Header>
      {hasNav && (
        <AppShell.Navbar p="xs">
          <NavLinks items={nav!} onNavigate={close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" tabIndex={-1}>
        <PageTransition>{isPageShown && <Outlet />}</PageTransition>
      </AppShell.Main>
    </AppShell>
  );
}

function AreaName({ area }: { area: MessageKey }) {
  const t = useT();
  return <>{t(area)}</>;
}
