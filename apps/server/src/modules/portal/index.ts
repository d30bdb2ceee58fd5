/**
 * The front door of the portal (environment, people, deploys): other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { listDeploys } from './portal.operations.ts';
