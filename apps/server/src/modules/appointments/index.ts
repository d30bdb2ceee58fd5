import { defineModule } from '../../module.ts';
import { appointmentsRoutes } from './appointments.routes.ts';
import { calendarFeedRoutes, manageAppointmentsRoutes } from './appointments.manage-routes.ts';
import { sendAppointmentReminders } from './appointments.reminders.ts';

/**
 * The front door of appointments with the design centre (docs/appointments.md): booking by the
 * buyers and the staff, the design centre's consultants, kinds and calendar, the consultants'
 * feeds, and the reminders. Other modules reach this module only through what is exported here.
 */
export const appointmentsModule = defineModule({
  name: 'appointments',
  dependencies: ['projects', 'decor', 'carts'],
  jobs: ({ database, mailer, config }, app) => [
    {
      // The day before and two hours before each booked meeting (docs/appointments.md, "Mails").
      name: 'appointment-reminders',
      everyMs: 5 * 60_000,
      firstAfterMs: 25_000,
      kind: 'mail',
      run: () => sendAppointmentReminders({ db: database.db, mailer, config, log: app.log, now: new Date() }),
    },
  ],
  routes: [appointmentsRoutes, manageAppointmentsRoutes, calendarFeedRoutes],
});

export { busyOf, insertAppointment, type NewAppointment } from './appointments.repo.ts';
export { sendAppointmentReminders } from './appointments.reminders.ts';
