import { defineModule } from '../../module.ts';
import { adminRoutes } from './admin.routes.ts';

/**
 * The front door of the platform's back office (docs/architecture.md, "Server modules";
 * docs/admin.md): its routes. It uses the other modules; none uses it.
 */
export const adminModule = defineModule({
  name: 'admin',
  dependencies: ['projects', 'decor', 'files', 'portal', 'identity', 'access-codes'],
  routes: [adminRoutes],
});
