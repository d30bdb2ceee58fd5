import { defineModule } from '../../module.ts';
import { embedRoutes } from './embed.routes.ts';

/**
 * The front door of the builder's widget (docs/architecture.md, "Server modules"): the script
 * and page a builder's site embeds, drawn by the server.
 */
export const embedModule = defineModule({ name: 'embed', dependencies: ['projects', 'leads'], routes: [embedRoutes] });
