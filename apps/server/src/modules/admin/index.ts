/**
 * The front door of the platform's back office: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { recordAdminChange } from './admin.repo.ts';
export { recordVisit } from './admin.visits.ts';
