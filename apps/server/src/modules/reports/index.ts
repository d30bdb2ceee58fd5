import { defineModule } from '../../module.ts';
import { reportsRoutes } from './reports.routes.ts';

/**
 * The design centre's reports (docs/reports.md): each figure one function over the project's rows,
 * shared with the dashboard. It reads; it writes nothing.
 */
export const reportsModule = defineModule({
  name: 'reports',
  dependencies: ['projects', 'decor', 'carts', 'payments'],
  routes: [reportsRoutes],
});

export { revenue, takeRate } from './reports.operations.ts';
export { optionCostsOf, writeOptionCosts } from './reports.repo.ts';
