import type { MailJobInput } from '../mail/index.ts';
import {
  appointmentById,
  claimAppointmentReminder,
  dueForReminder,
  releaseAppointmentReminder,
} from './appointments.repo.ts';
import { mailAppointment } from './appointments.mail.ts';

const HOUR = 3_600_000;

/**
 * The reminders of booked meetings (docs/appointments.md, "Mails"): the day before (a meeting
 * starting within 24 hours, more than two hours away) and two hours before, each to every buyer
 * and the consultant in their language. Each is claimed before it goes out, so two servers never
 * send the same one, and given back when no mail could go. Answers how many mails went out.
 */
export async function sendAppointmentReminders({ db, mailer, config, now = new Date(), log }: MailJobInput) {
  let sent = 0;
  const windows = [
    { kind: 'day' as const, from: new Date(now.getTime() + 2 * HOUR), to: new Date(now.getTime() + 24 * HOUR) },
    { kind: 'soon' as const, from: now, to: new Date(now.getTime() + 2 * HOUR) },
  ];
  for (const { kind, from, to } of windows) {
    for (const due of await dueForReminder(db, { kind, from, to })) {
      if (!(await claimAppointmentReminder(db, due.id, kind))) continue;
      // A meeting reminded shortly before has no use for the day-before one any more.
      if (kind === 'soon') await claimAppointmentReminder(db, due.id, 'day');
      const row = await appointmentById(db, due.project_id, due.id);
      const count = row ? await mailAppointment({ db, mailer, config, log }, row, kind, now) : 0;
      if (!count && row) await releaseAppointmentReminder(db, due.id, kind);
      sent += count;
    }
  }
  return sent;
}
