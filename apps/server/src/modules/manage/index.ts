import { defineModule } from '../../module.ts';
import { manageRoutes } from './manage.routes.ts';

/**
 * The front door of a design centre's back office (docs/architecture.md, "Server modules";
 * docs/manage.md): the dashboard, the selections list, the review queue and the project's settings.
 */
export const manageModule = defineModule({
  name: 'manage',
  dependencies: ['projects', 'decor', 'carts', 'access-codes', 'payments', 'reports'],
  routes: [manageRoutes],
});
