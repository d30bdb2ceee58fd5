import { redirect } from '@tanstack/react-router';
import { currentProjectKey } from '../config/env.ts';
import { myCartsQuery } from './cart-summary.ts';
import { meQuery } from './session.ts';
import { myProjectsQuery } from './my-projects.ts';
import { queryClient } from './query-client.ts';

/**
 * Where a person who opens a project lands: the design centre's staff (its managers, and
 * admins) who have no home of their own in it go to the back office; buyers — and staff
 * who are buyers too — to My home. Only what to show: the server decides what is allowed.
 */
export async function landOnBackOfficeForStaff() {
  const me = await queryClient.ensureQueryData(meQuery).catch(() => null);
  if (!me) return;
  const key = currentProjectKey();
  const projects = me.isAdmin ? [] : await queryClient.ensureQueryData(myProjectsQuery).catch(() => []);
  const isStaff = me.isAdmin || projects.some((p) => p.key === key && (p.role === 'manager' || p.role === 'admin'));
  if (!isStaff) return;
  const carts = await queryClient.ensureQueryData(myCartsQuery).catch(() => []);
  if (carts.length === 0) throw redirect({ to: '/manage', replace: true });
}
