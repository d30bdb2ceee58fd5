/** A person's role inside one project (DESIGN.md §4). */
export type ProjectRole = 'purchaser' | 'manager';

export interface ProjectSubject {
  isAdmin: boolean;
  /** The person's role in the project in question, or null when not a member. */
  role: ProjectRole | null;
}

/** Whether the person may run the project's back office (managers of it, and admins). */
export function canManageProject(subject: ProjectSubject): boolean {
  return subject.isAdmin || subject.role === 'manager';
}

/** Whether the person may see the project's data at all (members and admins). */
export function canEnterProject(subject: ProjectSubject): boolean {
  return subject.isAdmin || subject.role !== null;
}

const ROLE_RANK: Record<ProjectRole, number> = { purchaser: 1, manager: 2 };

/** Of two roles, the one that allows more: an invitation never demotes anyone. */
export function strongerRole(a: ProjectRole | null, b: ProjectRole): ProjectRole {
  return a && ROLE_RANK[a] >= ROLE_RANK[b] ? a : b;
}
