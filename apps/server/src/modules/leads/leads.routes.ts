import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../lib/error-replies.ts';
import { z } from 'zod';
import { fail, inquiryAnswerSchema, inquiryFormSchema, inquirySchema, LEAD_STATUSES } from '@decor/core';
import { peopleOf, requireManager } from '../projects/index.ts';
import { leadsPage } from './leads.repo.ts';

/** Leads a page of `/api/manage/leads` holds. */
const LEADS_PAGE = 50;
/** A page's `next`: the last lead's moment as PostgreSQL prints it, and its id. */
const LEADS_CURSOR =
  /^\d{4}-\d{2}-\d{2} \d{2}:[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a cursor's moment names a day the calendar has (no 31 February) and a time of day. */
function isMoment(at: string): boolean {
  const [, year, month, day, hour] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2})/.exec(at) ?? [];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    Number(year) >= 1 &&
    Number(hour) < 24 &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  );
}
import type { AppContext } from '../../context.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import { inquiryFormOf, receiveInquiry } from './leads.operations.ts';
import { requestLanguage } from '../../lib/reader-language.ts';

const errors = errorReplies(400, 401, 403, 404, 413, 415, 429);
const tags = ['inquiries'];

/** The inquiry form (docs/public-pages.md, "Inquiries"): public, in the project the host names. */
export const leadsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, hooks, authSecret, mailer },
) => {
  const db = database.db;

  // A lead is given only to one of the project's managers, whatever writes it (docs/public-pages.md).
  hooks.register('leads', {
    beforeChange: async ({ db: tx, project, data, previous }) => {
      const assignee = data.assignee as string | null | undefined;
      if (!assignee || assignee === previous?.assignee) return data;
      if (!(await peopleOf(tx, { projectId: project.id, role: 'manager' })).some((person) => person.id === assignee))
        throw fail('bad_request', 'lead.assignee-not-staff', undefined, { field: 'assignee' });
      return data;
    },
  });

  app.get(
    '/api/manage/leads',
    {
      config: { apiScope: 'leads:read' },
      schema: {
        tags,
        summary: "The project's leads, newest activity first, 50 a page (its managers and administrators)",
        querystring: z.object({
          status: z.enum(LEAD_STATUSES).optional(),
          after: z.string().regex(LEADS_CURSOR, 'the `next` of the page before').optional(),
        }),
        response: {
          200: z.object({ items: z.array(z.record(z.string(), z.unknown())), next: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { project } = requireManager(await request.projectScope());
      const [at = '', id = ''] = request.query.after?.split('|') ?? [];
      if (request.query.after && !isMoment(at))
        throw fail('bad_request', 'request.invalid', { issues: 'after: the `next` of the page before' });
      const rows = await leadsPage(db, project.id, {
        status: request.query.status ?? null,
        after: request.query.after ? { at, id } : null,
        limit: LEADS_PAGE + 1,
      });
      const items = rows.slice(0, LEADS_PAGE).map((row) => ({
        ...row.data,
        _id: row.id,
        _version: row.version,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      }));
      return { items, next: rows.length > LEADS_PAGE ? rows[LEADS_PAGE - 1]!.cursor : null };
    },
  );

  app.get(
    '/api/manage/leads/team',
    {
      config: { apiScope: 'leads:read' },
      schema: {
        tags,
        summary: "The project's managers, to whom a lead may be given (its managers and administrators)",
        response: { 200: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })), ...errors },
      },
    },
    async (request) => {
      const { project } = requireManager(await request.projectScope());
      // The people a lead may be given to, each named (by their address when they gave no name).
      return (await peopleOf(db, { projectId: project.id, role: 'manager' })).map((person) => ({
        ...person,
        name: person.name || person.email,
      }));
    },
  );

  app.get(
    '/api/inquire/form',
    {
      schema: {
        tags,
        summary: 'A fresh inquiry form: its signed token, its proof-of-work challenge and its choices',
        response: { 200: inquiryFormSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { project } = await request.projectScope();
      return reply
        .header('cache-control', 'no-store')
        .send(await inquiryFormOf(db, authSecret, project, await requestLanguage(db, request)));
    },
  );

  app.post(
    '/api/inquire',
    {
      schema: {
        tags,
        summary:
          'A visitor asks about a home: kept as a lead (or added to theirs) and mailed to the managers unless held for review',
        body: inquirySchema,
        response: { 202: inquiryAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { project } = await request.projectScope();
      await receiveInquiry({
        db,
        secret: authSecret,
        hooks,
        mailer,
        project,
        origin: projectOrigin(config, project.key),
        address: request.ip,
        inquiry: request.body,
        language: await requestLanguage(db, request),
        onTaskError: (error) => request.log.error({ err: error }, 'an inquiry’s mail was not sent'),
      });
      // The same answer whatever became of it (kept, added, held, or a robot's discarded): a sender learns nothing.
      return reply.status(202).send({ received: true as const });
    },
  );
};
