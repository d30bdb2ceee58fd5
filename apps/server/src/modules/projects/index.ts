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
  membershipsOf,
  projectsOfUser,
  roleInProject,
  setMembershipRole,
} from './memberships.repo.ts';
export { projectResponse, requireProject, zoneRulesResponse } from './projects.operations.ts';
export {
  findProjectById,
  findProjectByKey,
  findProjectVersion,
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
export { scopePlugin } from './scope.plugin.ts';
