/**
 * The front door of projects, their members and the scope of a request: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */

export {
  allProjects,
  deleteMembership,
  findMembership,
  grantMembership,
  membersOf,
  peopleOf,
  type Person,
  membershipsOf,
  projectsOfUser,
  roleInProject,
  setMembershipRole,
} from './memberships.repo.ts';
export { patchProject, projectPatchSchema, requireProject, zoneRulesResponse } from './projects.operations.ts';
export {
  findProjectById,
  findProjectByKey,
  findProjectVersion,
  onProjectChange,
  insertProject,
  isProjectKeyTaken,
  listAllProjects,
  listProjectVersions,
  projectConfigOf,
  projectCounts,
  projectKeysOf,
  type ProjectRow,
  recordProjectVersion,
  updateProject,
} from './projects.repo.ts';
export { requireManager, type Scope } from './scope.ts';
/** Its entry: the request's scope (`request.projectScope()`), which every module's routes ask. */
export { scopePlugin } from './scope.plugin.ts';
