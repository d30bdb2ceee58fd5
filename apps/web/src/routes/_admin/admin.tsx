import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guard } from '../../lib/guard.ts';

const flags = { requiresAuth: true, requiresAdmin: true };

/** /admin and its child pages: signed-in administrators only. */
export const Route = createFileRoute('/_admin/admin')({
  staticData: { flags, layout: 'admin' },
  // The platform's back office guards its whole subtree, unknown pages included.
  beforeLoad: ({ location }) => guard(flags)({ location }),
  component: Outlet,
});
