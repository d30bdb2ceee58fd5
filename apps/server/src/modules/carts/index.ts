import { defineModule } from '../../module.ts';
import { registerCartHooks } from './carts.hooks.ts';
import { sendDeadlineReminders } from './carts.notices.ts';
import { cartsRoutes } from './carts.routes.ts';

/**
 * The carts module's front door (docs/architecture.md, "Server modules"): the rules of carts,
 * options and packages are hooked into the engine here, beside the collections they belong to,
 * before any route of any module can write; the deadline reminders go out every 15 minutes;
 * then the carts' routes.
 */
export const cartsModule = defineModule({
  name: 'carts',
  dependencies: ['projects', 'decor'],
  hooks: ({ hooks, mailer, config }, app) => registerCartHooks(hooks, { mailer, config, log: app.log }),
  jobs: ({ database, mailer, config }, app) => [
    {
      name: 'deadline-reminders',
      everyMs: 15 * 60_000,
      firstAfterMs: 5_000,
      kind: 'mail',
      run: () => sendDeadlineReminders({ db: database.db, mailer, config, log: app.log, now: new Date() }),
    },
  ],
  routes: [cartsRoutes],
});

// What other modules use of this one.
export { allCategories, buyerEmails, cartOfUnit, planRooms, purchaseBefore, readCart } from './carts.repo.ts';
export { type CartPdfPart, registerCartPdfPart } from './carts.pdf-parts.ts';
export { cartScope, missingChoicesOf, setAppointmentFee, transitionCart } from './carts.operations.ts';
export { claimReminder, releaseReminder } from './reminders.repo.ts';
