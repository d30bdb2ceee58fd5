import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guard } from '../../lib/guard.ts';

const flags = { requiresAuth: true, requiresProject: true };

/** /manage and its child pages: the project's back office. The server checks the manager role. */
export const Route = createFileRoute('/_manager/manage')({
  staticData: { flags, layout: 'manager' },
  beforeLoad: guard(flags),
  component: Outlet,
});
