/**
 * The front door of leads and the public pages: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { leadsRoutes } from './leads.routes.ts';
export { publicInterests } from './leads.repo.ts';
export { receiveShowroomLook } from './leads.operations.ts';
