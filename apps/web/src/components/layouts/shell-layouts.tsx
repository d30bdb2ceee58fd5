import { ShellLayout } from './shell-layout.tsx';
import type { NavItem } from './nav-links.tsx';
import { PersonalDates } from '../../lib/personal-dates.tsx';

const BUYER_NAV: NavItem[] = [
  { to: '/', label: 'My home', exact: true },
  { to: '/configure', label: 'Configure' },
  { to: '/explore', label: 'Explore in 3D' },
  { to: '/tour', label: 'Tour' },
  { to: '/config', label: 'My selection' },
  { to: '/account', label: 'Account' },
];

export const ADMIN_NAV: NavItem[] = [
  { to: '/admin', label: 'Overview', exact: true },
  { to: '/admin/projects', label: 'Projects' },
  { to: '/admin/new', label: 'New project' },
  { to: '/admin/configs', label: 'Project configs' },
  { to: '/admin/deploys', label: 'Deploys' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/purchases', label: 'Purchases' },
  { to: '/admin/sessions', label: 'Sessions' },
  { to: '/admin/features', label: 'Features' },
  { to: '/admin/data', label: 'Data' },
  { to: '/admin/model-builder', label: 'Model builder' },
  { to: '/admin/minimaps', label: 'Minimaps' },
  { to: '/admin/instances', label: 'Screens' },
  { to: '/admin/pool', label: 'Screen pool' },
  { to: '/admin/pen-stream', label: 'Pen stream' },
  { to: '/admin/api', label: 'API reference' },
];

export const MANAGE_NAV: NavItem[] = [
  { to: '/manage', label: 'Dashboard', exact: true },
  { to: '/manage/carts', label: 'Selections' },
  { to: '/manage/models', label: 'Catalogue' },
  { to: '/manage/unit-avail', label: 'Unit availability' },
  { to: '/manage/access-links', label: 'Access links' },
  { to: '/manage/leads', label: 'Leads' },
  { to: '/manage/imported', label: 'Imports' },
  { to: '/manage/runtime', label: '3D settings' },
  { to: '/manage/settings', label: 'Settings' },
];

/** The buyer's layout: project header, buyer navigation. */
export function UserLayout() {
  return <ShellLayout layout="user" nav={BUYER_NAV} />;
}

/** The platform administrator's layout. */
export function AdminLayout() {
  // The platform's pages are the administrator's, not a project's: dates in their own language and zone.
  return (
    <PersonalDates>
      <ShellLayout layout="admin" nav={ADMIN_NAV} area="Administration" />
    </PersonalDates>
  );
}

/** The project back office, in the admin layout's frame with the project's navigation. */
export function ManagerLayout() {
  return <ShellLayout layout="manager" nav={MANAGE_NAV} area="Back office" />;
}

/** A header and the page, no side navigation. */
export function DefaultLayout() {
  return <ShellLayout layout="default" />;
}
