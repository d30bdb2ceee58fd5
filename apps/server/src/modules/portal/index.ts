import { defineModule } from '../../module.ts';
import { meRoutes } from './me.routes.ts';
import { portalRoutes } from './portal.routes.ts';
import { projectRoutes } from './project.routes.ts';

/**
 * The front door of the portal (environment, deploys, feature flags): other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export const portalModule = defineModule({
  name: 'portal',
  dependencies: ['identity', 'projects', 'decor'],
  routes: [portalRoutes, meRoutes, projectRoutes],
});

export { deleteDeployRow, placeOnPortalDeploy, projectHosts, saveDeploy } from './deploys.repo.ts';
export { deleteFlagRow, findFlag, listFeatureFlags, saveFlag } from './flags.repo.ts';
export { listDeploys } from './portal.operations.ts';
export { meOf } from './me.routes.ts';
export { projectResponse, publicFaceOf } from './project-answer.ts';
