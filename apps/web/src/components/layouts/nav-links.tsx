import { NavLink } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import type { MessageKey } from '@decor/core';
import { useT } from '../../lib/i18n.ts';

export interface NavItem {
  to: string;
  /** The catalogue's words for it (docs/languages.md). */
  label: MessageKey;
  /** Match only the exact path (for index pages). */
  exact?: boolean;
}

/** A vertical list of navigation links with the current one highlighted. */
export function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const t = useT();
  return (
    <nav>
      {items.map((item) => {
        const isActive = item.exact ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
        return (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            activeOptions={{ exact: Boolean(item.exact) }}
            label={t(item.label)}
            active={isActive}
            onClick={onNavigate}
          />
        );
      })}
    </nav>
  );
}
