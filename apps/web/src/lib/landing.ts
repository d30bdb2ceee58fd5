import { redirect } from '@tanstack/react-router';
import { currentProjectKey } from '../config/env.ts';
import { myCartsQuery } from './cart-summary.ts';
import { queryClient } from './query-client.ts';
import { waitForViewer } from './session.ts';

/**
 * Where a person who opens a project lands: the design centre's staff (its managers, and
 * admins) who have no home of their own in it go to the back office; buyers — and staff
 * who are buyers too — to My home. Only what to show: the server decides what is allowed.
 */
export async function landOnBackOfficeForStaff() {
  const viewer = await waitForViewer({ withManagedProjects: true });
  if (viewer.status !== 'signed-in') return;
  const key = currentProjectKey();
  const isStaff = viewer.isAdmin || (key !== null && (viewer.managedProjects ?? []).includes(key));
  if (!isStaff) return;
  const carts = await queryClient.ensureQueryData(myCartsQuery).catch(() => []);
  if (carts.length === 0) throw redirect({ to: '/manage', replace: true });
}
