/**
 * The front door of the portal (environment, deploys, feature flags): other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { deleteDeployRow, placeOnPortalDeploy, projectHosts, saveDeploy } from './deploys.repo.ts';
export { deleteFlagRow, findFlag, listFeatureFlags, saveFlag } from './flags.repo.ts';
export { listDeploys } from './portal.operations.ts';
