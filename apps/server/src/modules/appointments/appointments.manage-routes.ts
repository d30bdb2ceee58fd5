import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentSchema,
  appointmentsTodaySchema,
  appointmentTypeInputSchema,
  appointmentTypeSchema,
  calendarQuerySchema,
  consultantInputSchema,
  consultantSchema,
  fail,
  outcomeInputSchema,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { feedOf } from '../../lib/icalendar.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import { requestLanguage } from '../../lib/reader-language.ts';
import { requireActor } from '../../plugins/actor.ts';
import { findProjectById } from '../projects/index.ts';
import {
  calendarRows,
  consultantsFor,
  staffOf,
  FEED_PREFIX,
  feedHashOf,
  saveConsultant,
  saveType,
  setFeed,
  todayOf,
} from './appointments.manage.ts';
import { recordOutcome, viewOf, viewsOf } from './appointments.operations.ts';
import { bookedOfConsultant, consultantOfFeed } from './appointments.repo.ts';
import { calendarUid } from './appointments.mail.ts';
import { typeName } from './appointments.names.ts';

const tags = ['appointments'];
const params = z.object({ id: z.uuid() });

/** The scope of a signed-in caller's request (the operations ask for its managers). */
function scopeOf(request: Parameters<typeof requireActor>[0]) {
  requireActor(request);
  return request.projectScope();
}

/**
 * The design centre's side of appointments (docs/appointments.md, "The design centre"): its
 * kinds of meeting, its consultants and their hours, the calendar, today's meetings and the
 * selections near their deadline with none booked, the outcome of a meeting, and each
 * consultant's private calendar feed. Managers of the project and administrators only.
 */
export const manageAppointmentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const { db } = database;

  app.post(
    '/api/manage/appointment-types',
    {
      schema: {
        tags,
        summary: 'Add a kind of appointment: its names, length, buffer, who books it, notice, cut-off and fee',
        body: appointmentTypeInputSchema,
        response: { 201: appointmentTypeSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await saveType(db, scopeOf(request), request.body, { language: await requestLanguage(db, request) })),
  );

  app.put(
    '/api/manage/appointment-types/:id',
    {
      schema: {
        tags,
        summary: 'Change a kind of appointment (meetings booked keep their times)',
        params,
        body: appointmentTypeInputSchema,
        response: { 200: appointmentTypeSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) =>
      saveType(db, scopeOf(request), request.body, {
        id: request.params.id,
        language: await requestLanguage(db, request),
      }),
  );

  app.get(
    '/api/manage/consultants',
    {
      schema: {
        tags,
        summary: "The project's consultants with their weekly hours and exceptions",
        response: { 200: z.array(consultantSchema), ...errorReplies(401, 403) },
      },
    },
    async (request) => consultantsFor(db, scopeOf(request)),
  );

  app.get(
    '/api/manage/consultants/staff',
    {
      schema: {
        tags,
        summary: "The project's managers: the people who may be its consultants",
        response: {
          200: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
          ...errorReplies(401, 403),
        },
      },
    },
    async (request) => staffOf(db, scopeOf(request)),
  );

  app.post(
    '/api/manage/consultants',
    {
      schema: {
        tags,
        summary: 'Make one of the project’s managers a consultant, with their hours and place',
        body: consultantInputSchema,
        response: { 201: consultantSchema, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await saveConsultant(db, scopeOf(request), request.body)),
  );

  app.put(
    '/api/manage/consultants/:id',
    {
      schema: {
        tags,
        summary: "Change a consultant's hours, exceptions and place (meetings booked keep their times)",
        params,
        body: consultantInputSchema,
        response: { 200: consultantSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => saveConsultant(db, scopeOf(request), request.body, request.params.id),
  );

  registerCalendarRoutes(app, db);
};

/** The calendar views, today's meetings, and the outcome of a meeting. */
function registerCalendarRoutes(
  app: Parameters<FastifyPluginAsyncZod<AppContext>>[0],
  db: AppContext['database']['db'],
) {
  app.get(
    '/api/manage/appointments',
    {
      schema: {
        tags,
        summary:
          "The design centre's calendar: the appointments of some days of the project's calendar, every consultant's or one's",
        querystring: calendarQuerySchema,
        response: { 200: z.array(appointmentSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      const rows = await calendarRows(db, scopeOf(request), request.query);
      const language = await requestLanguage(db, request);
      return viewsOf(db, rows, { language, isStaff: true });
    },
  );

  app.get(
    '/api/manage/appointments/today',
    {
      schema: {
        tags,
        summary: "Today's appointments, and the open selections whose deadline is near with none booked",
        response: { 200: appointmentsTodaySchema, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const { rows, unbooked } = await todayOf(db, scopeOf(request));
      const language = await requestLanguage(db, request);
      return {
        today: await viewsOf(db, rows, { language, isStaff: true }),
        unbooked: unbooked.map((row) => ({
          cartId: row.cart_id,
          unitName: row.unit_name,
          deadline: new Date(row.deadline).toISOString(),
          buyers: row.buyers,
        })),
      };
    },
  );

  app.post(
    '/api/manage/appointments/:id/outcome',
    {
      schema: {
        tags,
        summary: 'Mark an appointment that started as done or missed, with a staff note',
        params,
        body: outcomeInputSchema,
        response: { 200: appointmentSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const row = await recordOutcome({ db, scope }, request.params.id, request.body);
      return viewOf(db, row, { language: await requestLanguage(db, request), isStaff: true });
    },
  );
}

/**
 * Each consultant's private calendar feed (docs/appointments.md, "Feeds"): made and revoked by
 * the project's managers, read by the consultant's own calendar with the secret address as key.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, config }) => {
  const { db } = database;

  app.post(
    '/api/manage/consultants/:id/feed',
    {
      schema: {
        tags,
        summary:
          "Make a consultant's private calendar feed; its address is answered once, and replaces any earlier one",
        params,
        response: { 201: z.object({ url: z.string() }), ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { secret } = await setFeed(db, scope, request.params.id, true);
      const { project } = await scope;
      return reply.status(201).send({ url: `${projectOrigin(config, project.key)}/api/calendar-feeds/${secret}.ics` });
    },
  );

  app.delete(
    '/api/manage/consultants/:id/feed',
    {
      schema: {
        tags,
        summary: "Revoke a consultant's calendar feed: its address answers nothing from now on",
        params,
        response: { 204: z.null(), ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await setFeed(db, scopeOf(request), request.params.id, false);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/calendar-feeds/:file',
    {
      schema: {
        tags,
        summary:
          "A consultant's booked appointments as an iCalendar feed, for their own calendar (the secret address is the key)",
        params: z.object({ file: z.string().max(200) }),
        produces: ['text/calendar', 'application/json'],
        response: {
          200: { description: 'The feed (iCalendar)', content: { 'text/calendar': { schema: { type: 'string' } } } },
          ...errorReplies(404),
        },
      },
    },
    async (request, reply) => {
      const secret = request.params.file.replace(/\.ics$/, '');
      const consultant = secret.startsWith(FEED_PREFIX) ? await consultantOfFeed(db, feedHashOf(secret)) : null;
      if (!consultant) throw fail('not_found', 'appointment.no-feed');
      const project = await findProjectById(db, consultant.project_id);
      const since = new Date(Date.now() - 30 * 86_400_000);
      const rows = await bookedOfConsultant(db, consultant.project_id, consultant.id, since);
      const origin = projectOrigin(config, project!.key);
      const body = feedOf({
        name: `${project!.name} · ${consultant.name || consultant.email}`,
        events: rows.map((row) => ({
          uid: calendarUid(row.id, config),
          sequence: row.sequence,
          start: new Date(row.starts_at),
          end: new Date(row.ends_at),
          summary: `${typeName(row.type_names, consultant.language === 'fr-CA' ? 'fr-CA' : 'en')} · ${row.unit_name ?? ''}`,
          description: `${origin}/manage/carts/${row.cart_id ?? ''}`,
          location: [row.place, row.video_url].filter(Boolean).join(' · '),
          url: `${origin}/manage/carts/${row.cart_id ?? ''}`,
          organizer: { name: consultant.name, email: consultant.email },
          attendees: [],
          stamp: new Date(),
        })),
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
