import { defineModule } from '../../module.ts';
import { importsRoutes } from './imports.routes.ts';

/**
 * The front door of imports (docs/architecture.md, "Server modules"; docs/imports.md): a
 * project's units, buyers and catalogue from CSV, checked in a dry run before anything is written.
 */
export const importsModule = defineModule({
  name: 'imports',
  dependencies: ['projects', 'decor', 'files', 'access-codes', 'reports'],
  routes: [importsRoutes],
});
