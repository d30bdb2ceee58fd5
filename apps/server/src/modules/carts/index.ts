import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import type { Mailer } from '../mail/index.ts';
import { registerCartHooks } from './carts.hooks.ts';
import { cartsRoutes } from './carts.routes.ts';

/**
 * The carts module's front door (docs/architecture.md, "Server modules"): the rules of carts,
 * options and packages are hooked into the engine here, beside the collections they belong to,
 * before any route of any module can write; then the carts' routes.
 */
export const cartsModule = fp(
  async function carts(app: FastifyInstance, context: AppContext & { mailer: Mailer; authSecret: string }) {
    registerCartHooks(context.hooks, { mailer: context.mailer, config: context.config, log: app.log });
    await app.register(cartsRoutes, context);
  },
  { name: 'carts' },
);

export { startReminderJob } from './carts.notices.ts';

// What other modules use of this one.
export { cartOfUnit, managerEmails, readCart } from './carts.repo.ts';
export { cartScope, missingChoicesOf, transitionCart } from './carts.operations.ts';
