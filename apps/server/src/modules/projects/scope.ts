import { can, fail, type CoreKey, standingOf, type Standing } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import { roleInProject } from './memberships.repo.ts';
import { requireProject } from './projects.operations.ts';
import type { ProjectRow } from './projects.repo.ts';

/**
 * Where a request stands (docs/architecture.md, "Access"): the project its host names and
 * the caller's standing in it, computed once per request (see `request.projectScope()`).
 */
export interface Scope {
  project: ProjectRow;
  standing: Standing;
  actor: Actor | null;
}

export async function resolveScope(db: Db, actor: Actor | null, projectKey: string | null): Promise<Scope> {
  const project = await requireProject(db, projectKey, actor);
  // The role came with the session when the request named this project; otherwise it is looked up.
  const known = actor?.roleHere?.projectKey === project.key ? actor.roleHere : undefined;
  const role =
    actor && !actor.isAdmin ? (known ? known.role : await roleInProject(db, project.id, actor.userId)) : null;
  return { project, standing: standingOf(actor, role), actor };
}

/** The project and the manager (or admin) acting in it; a visitor gets 401, anyone else 403 (docs/back-office.md). */
export function requireManager(
  { project, standing, actor }: Scope,
  refusal: CoreKey = 'manage.managers-only',
): { project: ProjectRow; actor: Actor } {
  // A visitor is asked to sign in (401), as on every other route; someone signed in without the right is refused (403).
  if (!actor) throw fail('unauthenticated', 'session.sign-in');
  if (can(standing, 'manage') !== 'any') throw fail('forbidden', refusal);
  return { project, actor };
}
