import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guard } from '../../lib/guard.ts';

const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };

/** /manage and its child pages: the project's back office, for its managers and admins (the server enforces the role on every call). */
export const Route = createFileRoute('/_manager/manage')({
  staticData: { flags, layout: 'manager' },
  beforeLoad: guard(flags),
  component: Outlet,
});
