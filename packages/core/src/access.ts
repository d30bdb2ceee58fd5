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
