/**
 * Who may do what in a project (docs/product.md, "Roles"): one decision, used by the
 * server to enforce and by the web app only to decide what to show.
 */

/** A person's role inside one project. Admins hold no role: they stand above every project. */
export type ProjectRole = 'purchaser' | 'manager';

/** The caller's standing in the project of a request. */
export type Standing =
  | { kind: 'visitor' }
  | { kind: 'outsider'; userId: string }
  | { kind: 'purchaser'; userId: string }
  | { kind: 'manager'; userId: string }
  | { kind: 'admin'; userId: string };

export function standingOf(
  person: { userId: string; isAdmin: boolean } | null,
  role: ProjectRole | null | 'admin',
): Standing {
  if (!person) return { kind: 'visitor' };
  if (person.isAdmin || role === 'admin') return { kind: 'admin', userId: person.userId };
  if (role === 'manager') return { kind: 'manager', userId: person.userId };
  if (role === 'purchaser') return { kind: 'purchaser', userId: person.userId };
  return { kind: 'outsider', userId: person.userId };
}

/** How a collection may be read and written (its definition's `read` and `write`). */
export interface CollectionAccess {
  read: 'public' | 'own';
  write: 'managers' | 'owners' | 'nobody';
}

export type Action = 'read' | 'create' | 'update' | 'delete';

/**
 * Whether the caller may do this to a collection's items: on `any` item, only on their
 * `own`, or not at all. Without a collection, the question is the project's back office
 * (running it: managers of the project and admins). Deny by default.
 */
export function can(
  standing: Standing,
  action: Action | 'manage',
  collection?: CollectionAccess,
): 'any' | 'own' | false {
  const isStaff = standing.kind === 'manager' || standing.kind === 'admin';
  if (action === 'manage' || !collection) return isStaff ? 'any' : false;
  if (action === 'read') {
    if (isStaff) return 'any';
    if (standing.kind === 'outsider') return false;
    if (collection.read === 'public') return 'any';
    return standing.kind === 'purchaser' ? 'own' : false;
  }
  if (collection.write === 'nobody') return false;
  if (isStaff) return 'any';
  return collection.write === 'owners' && action === 'update' && standing.kind === 'purchaser' ? 'own' : false;
}

/** Whether the person runs the project's back office (its managers, and admins). */
export function canManageProject(subject: { isAdmin: boolean; role: ProjectRole | 'admin' | null }): boolean {
  return can(standingOf({ userId: '', isAdmin: subject.isAdmin }, subject.role), 'manage') === 'any';
}
