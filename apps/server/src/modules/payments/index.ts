import { defineModule } from '../../module.ts';
import { recordSignedPlan, refuseApprovalBeforeDeposit } from './payments.operations.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { cardPaymentRoutes } from './payments.card-routes.ts';
import { accountingExportRoutes } from './payments.export-routes.ts';
import { sendPaymentReminders } from './payments.reminders.ts';
import { paymentsPdfPart } from './payments.pdf-part.ts';
import { registerCartPdfPart } from '../carts/index.ts';

/**
 * The payments module's front door (docs/architecture.md, "Server modules"): what a signed
 * selection owes, its ledger, and the staff's payments list. It records what each signature
 * owes in the signature's own transaction (a hook on carts), so a rolled-back signature owes
 * nothing. Other modules reach it only through what is exported here.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  dependencies: ['decor', 'carts'],
  hooks: ({ hooks }) => {
    // A signed selection's PDF carries its taxes and schedule.
    registerCartPdfPart('payments', paymentsPdfPart);
    hooks.register('carts', {
      // Only transitions sign and approve: a hook on them alone, so a buyer's choices stay on the fast path.
      async afterLockedUpdate({ db, project, origin, previous, data, id }) {
        // A project that asks for the deposit first approves a selection only once it is paid (refused: the write rolls back).
        if (origin !== 'import' && previous?.status === 'submitted' && data.status === 'approved')
          await refuseApprovalBeforeDeposit(db, { project, cartId: id });
        // A copied project's carts arrive without their money (docs/payments.md).
        if (origin === 'import' || data.status !== 'submitted' || previous?.status === 'submitted') return;
        await recordSignedPlan(db, { project, cartId: id, cart: data as never });
      },
    });
  },
  jobs: ({ database, mailer, config }, app) => [
    {
      // Amounts coming due and just overdue, at the project's reminder steps (docs/payments.md, "Reminders").
      name: 'payment-reminders',
      everyMs: 60 * 60_000,
      firstAfterMs: 20_000,
      kind: 'mail',
      run: () => sendPaymentReminders({ db: database.db, mailer, config, log: app.log, now: new Date() }),
    },
  ],
  routes: [paymentsRoutes, cardPaymentRoutes, accountingExportRoutes],
});

// What other modules use of this one.
export { type CartMoneyFigures, moneyOfCarts } from './payments.operations.ts';
export { moneyByWeek } from './payments.by-week.ts';
