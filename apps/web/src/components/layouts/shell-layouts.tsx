import { useQuery } from '@tanstack/react-query';
import { ShellLayout } from './shell-layout.tsx';
import { meQuery } from '../../lib/session.ts';
import type { NavItem } from './nav-links.tsx';
import { PersonalDates } from '../../lib/personal-dates.tsx';
import { StaffScreens } from '../../lib/staff-screens.ts';

const BUYER_NAV: NavItem[] = [
  { to: '/', label: 'app.nav.home', exact: true },
  { to: '/configure', label: 'app.nav.configure' },
  { to: '/explore', label: 'app.nav.explore' },
  { to: '/tour', label: 'app.nav.tour' },
  { to: '/config', label: 'app.nav.selection' },
  { to: '/appointments', label: 'app.nav.appointments' },
  { to: '/account', label: 'app.nav.account' },
];

export const ADMIN_NAV: NavItem[] = [
  { to: '/admin', label: 'app.nav.admin.overview', exact: true },
  { to: '/admin/projects', label: 'app.nav.admin.projects' },
  { to: '/admin/new', label: 'app.nav.admin.new' },
  { to: '/admin/configs', label: 'app.nav.admin.configs' },
  { to: '/admin/deploys', label: 'app.nav.admin.deploys' },
  { to: '/admin/users', label: 'app.nav.admin.users' },
  { to: '/admin/purchases', label: 'app.nav.admin.purchases' },
  { to: '/admin/sessions', label: 'app.nav.admin.sessions' },
  { to: '/admin/features', label: 'app.nav.admin.features' },
  { to: '/admin/data', label: 'app.nav.admin.data' },
  { to: '/admin/model-builder', label: 'app.nav.admin.model-builder' },
  { to: '/admin/minimaps', label: 'app.nav.admin.minimaps' },
  { to: '/admin/instances', label: 'app.nav.admin.screens' },
  { to: '/admin/pool', label: 'app.nav.admin.pool' },
  { to: '/admin/pen-stream', label: 'app.nav.admin.pen-stream' },
  { to: '/admin/api', label: 'app.nav.admin.api' },
];

export const MANAGE_NAV: NavItem[] = [
  { to: '/manage', label: 'app.nav.manage.dashboard', exact: true },
  { to: '/manage/carts', label: 'app.nav.manage.selections' },
  { to: '/manage/payments', label: 'app.nav.manage.payments' },
  { to: '/manage/appointments', label: 'app.nav.manage.appointments' },
  { to: '/manage/reports', label: 'app.nav.manage.reports' },
  { to: '/manage/models', label: 'app.nav.manage.catalogue' },
  { to: '/manage/unit-avail', label: 'app.nav.manage.units' },
  { to: '/manage/access-links', label: 'app.nav.manage.access' },
  { to: '/manage/leads', label: 'app.nav.manage.leads' },
  { to: '/manage/imported', label: 'app.nav.manage.imports' },
  { to: '/manage/runtime', label: 'app.nav.manage.3d' },
  { to: '/manage/settings', label: 'app.nav.manage.settings' },
  { to: '/manage/integrations', label: 'app.nav.manage.integrations' },
];

/** The buyer's layout: project header, buyer navigation for someone signed in (a visitor who lands on /400 gets none). */
export function UserLayout() {
  const { data: me } = useQuery(meQuery);
  return <ShellLayout layout="user" nav={me ? BUYER_NAV : undefined} />;
}

/** The platform administrator's layout. */
export function AdminLayout() {
  // The platform's pages are the administrator's, not a project's: dates in their own language and zone.
  return (
    <StaffScreens value>
      <PersonalDates>
        <ShellLayout layout="admin" nav={ADMIN_NAV} area="app.nav.area.admin" />
      </PersonalDates>
    </StaffScreens>
  );
}

/** The project back office, in the admin layout's frame with the project's navigation. */
export function ManagerLayout() {
  return (
    <StaffScreens value>
      <ShellLayout layout="manager" nav={MANAGE_NAV} area="app.nav.area.manage" />
    </StaffScreens>
  );
}

/** A header and the page, no side navigation. */
export function DefaultLayout() {
  return <ShellLayout layout="default" />;
}
