import { defineModule } from '../../module.ts';
import { leadsRoutes } from './leads.routes.ts';

/**
 * The front door of leads and the public inquiry form (docs/architecture.md, "Server modules"):
 * other modules reach this module only through what is exported here.
 */
export const leadsModule = defineModule({
  name: 'leads',
  dependencies: ['projects', 'decor', 'carts'],
  routes: [leadsRoutes],
});

export { publicInterests } from './leads.repo.ts';
export { inquiryFormOf, receiveShowroomLook } from './leads.operations.ts';
