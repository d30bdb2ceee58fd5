import { NavLink } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';

export interface NavItem {
  to: string;
  label: string;
  /** Match only the exact path (for index pages). */
  exact?: boolean;
}

/** A vertical list of navigation links with the current one highlighted. */
export function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
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
            label={item.label}
            active={isActive}
            onClick={onNavigate}
          />
        );
      })}
    </nav>
  );
}
