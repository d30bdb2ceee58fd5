import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentSchema,
  appointmentTypeSchema,
  bookingInputSchema,
  can,
  moveInputSchema,
  slotsQuerySchema,
  slotsSchema,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { requestLanguage } from '../../lib/reader-language.ts';
import { requireActor } from '../../plugins/actor.ts';
import { readCart, cartScope } from '../carts/index.ts';
import { book, cancel, move, slotsFor, viewOf, viewsOf } from './appointments.operations.ts';
import { appointmentsOfCart } from './appointments.repo.ts';
import { typesFor } from './appointments.manage.ts';
import { mailAppointment } from './appointments.mail.ts';

const tags = ['appointments'];
const params = z.object({ id: z.uuid() });

/**
 * Booking a meeting with the design centre (docs/appointments.md, "Booking"): the kinds a buyer
 * may book, the free slots (free or busy only), and booking, moving and cancelling, by the
 * selection's buyers within the kind's rules or by the staff for them. Each change is mailed
 * with its invitation to every buyer of the unit and the consultant.
 */
export const appointmentsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, hooks, mailer, config },
) => {
  const { db } = database;
  const contextOf = (request: Parameters<typeof requireActor>[0]) => {
    requireActor(request);
    return { db, hooks, scope: request.projectScope() };
  };
  const isStaff = async (request: Parameters<typeof requireActor>[0]) =>
    can((await request.projectScope()).standing, 'manage') === 'any';

  app.get(
    '/api/appointment-types',
    {
      schema: {
        tags,
        summary: 'The kinds of appointment the reader may book (every kind for the staff)',
        response: { 200: z.array(appointmentTypeSchema), ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      requireActor(request);
      return typesFor(db, request.projectScope(), await requestLanguage(db, request));
    },
  );

  app.get(
    '/api/appointments/slots',
    {
      schema: {
        tags,
        summary:
          "A selection's free slots for a kind of appointment over two weeks of the project's calendar, those before its deadline first (free or busy only)",
        querystring: slotsQuerySchema,
        response: { 200: slotsSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => slotsFor(contextOf(request), request.query),
  );

  app.get(
    '/api/appointments',
    {
      schema: {
        tags,
        summary: "A selection's appointments, in time order (its buyers and the staff)",
        querystring: z.object({ cart: z.uuid() }),
        response: { 200: z.array(appointmentSchema), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { project, plan } = await cartScope(db, contextOf(request).scope);
      // Theirs only: a buyer who names another selection hears it does not exist.
      await readCart(db, { projectId: project.id, where: plan.where, cartId: request.query.cart });
      const [language, staff] = [await requestLanguage(db, request), await isStaff(request)];
      const rows = await appointmentsOfCart(db, project.id, request.query.cart);
      return viewsOf(db, rows, { language, isStaff: staff });
    },
  );

  const answer = async (request: Parameters<typeof requireActor>[0], row: Parameters<typeof viewOf>[1]) =>
    viewOf(db, row, { language: await requestLanguage(db, request), isStaff: await isStaff(request) });
  const mailDeps = (request: Parameters<typeof requireActor>[0]) => ({ db, mailer, config, log: request.log });

  app.post(
    '/api/appointments',
    {
      schema: {
        tags,
        summary:
          'Book an appointment in a free slot for a selection; 409 with the next free slots when someone took it first',
        body: bookingInputSchema,
        response: { 201: appointmentSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await book(contextOf(request), request.body);
      void mailAppointment(mailDeps(request), row, 'booked');
      return reply.status(201).send(await answer(request, row));
    },
  );

  app.patch(
    '/api/appointments/:id',
    {
      schema: {
        tags,
        summary: 'Move an appointment to another free slot (its buyers until the cut-off, the staff any time)',
        params,
        body: moveInputSchema,
        response: { 200: appointmentSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { after } = await move(contextOf(request), request.params.id, request.body);
      void mailAppointment(mailDeps(request), after, 'moved');
      return answer(request, after);
    },
  );

  app.post(
    '/api/appointments/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel an appointment (its buyers until the cut-off, the staff any time); its fee leaves an open selection',
        params,
        response: { 200: appointmentSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await cancel(contextOf(request), request.params.id);
      void mailAppointment(mailDeps(request), row, 'cancelled');
      return answer(request, row);
    },
  );
};
