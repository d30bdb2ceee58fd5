/**
 * The front door of the builder's widget: other modules reach this module only through what is
 * exported here (docs/architecture.md, "Server modules").
 */
export { embedRoutes } from './embed.routes.ts';
