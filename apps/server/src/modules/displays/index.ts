import { defineModule } from '../../module.ts';
import { displaysRoutes } from './displays.routes.ts';

/**
 * The front door of the sales-centre screens (docs/architecture.md, "Server modules"): pairing,
 * the live socket between a phone and its screen, the idle-pairing sweep every 15 s, and the
 * looks a visitor mails themselves. Other modules reach it only through what is exported here.
 */
export const displaysModule = defineModule({
  name: 'displays',
  dependencies: ['projects', 'leads'],
  routes: [displaysRoutes],
});
