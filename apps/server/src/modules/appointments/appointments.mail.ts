import type { FastifyBaseLogger } from 'fastify';
import { formatDateTime, formatList, projectOptionsSchema } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config/env.ts';
import { calendarOf, type CalendarEvent } from '../../lib/icalendar.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import { appointmentMail, readersOf, type AppointmentMailKind, type Mailer } from '../mail/index.ts';
import { findProjectById } from '../projects/index.ts';
import { attendeesOf, type AppointmentRow } from './appointments.repo.ts';
import { typeName } from './appointments.names.ts';

export interface AppointmentMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'portalHost' | 'portalUrl'>;
  log?: FastifyBaseLogger | undefined;
}

/** One calendar identity per meeting across every version mailed: `<id>@<portal host>`. */
export const calendarUid = (id: string, config: Pick<Config, 'portalHost'>) => `${id}@${config.portalHost}`;

/**
 * Mails a meeting's news to each of its unit's buyers and its consultant, each in their language
 * with the moment in the project's zone (docs/appointments.md, "Mails"): a booking or a move with
 * the invitation (`REQUEST`, its SEQUENCE), a cancellation with the `CANCEL`, a reminder without.
 * A mail that cannot go out is logged; it never undoes the change. Answers how many were sent.
 */
export async function mailAppointment(
  { db, mailer, config, log }: AppointmentMailDeps,
  row: AppointmentRow,
  kind: AppointmentMailKind,
  now = new Date(),
): Promise<number> {
  const project = await findProjectById(db, row.project_id);
  if (!project) return 0;
  const options = projectOptionsSchema.parse(project.options ?? {});
  const buyers = row.unit_id ? await attendeesOf(db, row.project_id, row.unit_id) : [];
  const consultant = { name: row.consultant_name || row.consultant_email, email: row.consultant_email };
  const recipients = [
    ...buyers.map((buyer) => ({ email: buyer.email, staff: false })),
    ...(buyers.some((buyer) => buyer.email === consultant.email) ? [] : [{ email: consultant.email, staff: true }]),
  ];
  const readerOf = await readersOf(
    db,
    options,
    recipients.map((recipient) => recipient.email),
  );
  const origin = projectOrigin(config, project.key);
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  let sent = 0;
  for (const recipient of recipients) {
    const reader = readerOf(recipient.email);
    const type = typeName(row.type_names, reader.language);
    const when = formatDateTime(
      row.starts_at,
      { locale: reader.locale, timeZone: options.timeZone },
      { weekday: true },
    );
    const people = formatList(
      buyers.map((buyer) => buyer.name || buyer.email),
      reader.locale,
    );
    const url = recipient.staff ? `${origin}/manage/carts/${row.cart_id ?? ''}` : `${origin}/appointments`;
    const mail = appointmentMail({
      to: recipient.email,
      reader,
      projectName: project.name,
      kind,
      type,
      when,
      unitName: row.unit_name ?? '',
      consultant: consultant.name,
      people,
      place: row.place,
      videoUrl: row.video_url,
      url,
      forStaff: recipient.staff,
    });
    const event: CalendarEvent = {
      uid: calendarUid(row.id, config),
      sequence: row.sequence,
      method,
      start: new Date(row.starts_at),
      end: new Date(row.ends_at),
      summary: `${type} · ${project.name}`,
      description: [
        reader.t('mail.appointment.with', { consultant: consultant.name, unit: row.unit_name ?? '', people }),
        url,
      ].join('\n'),
      location: [row.place, row.video_url].filter(Boolean).join(' · '),
      url,
      organizer: consultant,
      attendees: buyers.map((buyer) => ({ name: buyer.name, email: buyer.email })),
      stamp: now,
    };
    const reminder = kind === 'day' || kind === 'soon';
    try {
      await mailer.send({
        ...mail,
        projectId: project.id,
        ...(reminder ? {} : { calendar: { method, content: calendarOf(event), filename: 'invite.ics' } }),
      });
      sent += 1;
    } catch (error) {
      log?.warn({ err: error, appointment: row.id, to: recipient.email }, 'an appointment mail could not be sent');
    }
  }
  return sent;
}
