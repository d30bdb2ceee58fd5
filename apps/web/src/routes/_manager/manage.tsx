import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guard } from '../../lib/guard.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

/** /manage and its child pages: the project's back office, for its managers and admins (the server enforces the role on every call). */
export const Route = createFileRoute('/_manager/manage')({
  staticData: { flags, layout: 'manager' },
  // The back office guards its whole subtree, unknown pages included: a visitor is asked to
  // sign in before learning whether a page exists.
  beforeLoad: ({ location }) => guard(flags)({ location }),
  component: Outlet,
});
