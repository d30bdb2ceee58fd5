/**
 * The front door of people and their sessions: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { endSessionsOf, liveSessionCounts, revokeSession } from './sessions.repo.ts';
export {
  findUser,
  findUserIdByEmail,
  insertNewUser,
  isUserDisabled,
  markSignedIn,
  recentSignIns,
  searchUsers,
  updateUser,
  type UserRow,
  userTotals,
} from './users.repo.ts';
