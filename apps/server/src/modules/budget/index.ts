import { defineModule } from '../../module.ts';
import { budgetRoutes } from './budget.routes.ts';

/**
 * Fit my budget's front door (docs/fit-my-budget.md): the best selection within a buyer's budget,
 * solved exactly off the main thread. It reads carts and the catalogue; it writes nothing.
 */
export const budgetModule = defineModule({
  name: 'budget',
  dependencies: ['projects', 'decor', 'carts'],
  routes: [budgetRoutes],
});
