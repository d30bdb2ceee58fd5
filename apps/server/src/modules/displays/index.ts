/**
 * The front door of the sales-centre screens: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { displaysRoutes } from './displays.routes.ts';
