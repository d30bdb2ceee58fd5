import { eventStreams } from '../../lib/event-stream.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedLanguages,
  adminAuditEntrySchema,
  adminOverviewSchema,
  adminProjectSchema,
  adminUserPatchSchema,
  adminUserSchema,
  deployInputSchema,
  errorBodySchema,
  fail,
  featureFlagInputSchema,
  featureFlagSchema,
  FEATURE_KEY_PATTERN,
  MEMBERSHIP_ROLE_LIST,
  newProjectSchema,
  modelInputSchema,
  projectKeySchema,
  adminPurchasesQuerySchema,
  adminVisitsSchema,
  adminPurchasesSchema,
  projectConfigSchema,
  projectConfigViewSchema,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/actor.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import {
  adminOverview,
  adminPurchases,
  adminPurchasesCsv,
  auditEntries,
  createDeploy,
  createProject,
  deleteDeploy,
  deleteFlag,
  flags,
  getAdminUser,
  listProjectsForAdmin,
  listUsers,
  patchUser,
  projectConfig,
  restoreProjectConfig,
  saveProjectConfig,
  removeMembership,
  setFlag,
  setMembership,
  setProjectArchived,
  signOutEverywhere,
  updateDeploy,
} from './admin.operations.ts';
import { listDeploys } from '../portal/index.ts';
import { bundlePeopleSchema, bundleSchema, exportProject, importProject } from './admin.data.ts';
import { listModels, saveModel } from './admin.models.ts';
import { listVisits } from '../visits/index.ts';

/** A project's id in the path. */
const projectParams = z.object({ id: z.uuid() });
const errors = errorReplies(400, 401, 403, 404, 409, 422);
const deploySchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  host: z.string(),
  projects: z.array(z.object({ _id: z.string(), key: z.string(), fullKey: z.string(), name: z.string() })),
});

/** The largest project bundle an import accepts (files travel inside it, as base64). */
const BUNDLE_LIMIT_BYTES = 256 * 1024 * 1024;

type AdminContext = AppContext;

/**
 * The platform's back office (docs/admin.md): every route is for administrators only, checked
 * here on the server for all three parts (projects, people, the platform), and every change is
 * written to the audit log with before and after.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, context) => {
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });
  await app.register(adminProjectsRoutes, context);
  await app.register(adminProjectDataRoutes, context);
  await app.register(adminPeopleRoutes, context);
  await app.register(adminPlatformRoutes, context);
  await app.register(adminActivityRoutes, context);
  await app.register(adminPlatformSettingsRoutes, context);
};

/** Projects: the overview, the list, a new one, archive, settings and their versions, export and import, models. */
const adminProjectsRoutes: FastifyPluginAsyncZod<AdminContext> = async (
  app,
  { config, database, mailer, storageKind, authSecret },
) => {
  const { db } = database;
  const tags = ['admin'];
  app.get(
    '/api/admin/overview',
    {
      schema: {
        tags,
        summary: 'Projects with their hosts and counts, people, recent sign-ins and changes, the server’s health',
        response: { 200: adminOverviewSchema, ...errors },
      },
    },
    async () => adminOverview({ db, databaseKind: database.kind, mailer, storageKind }),
  );

  app.get(
    '/api/admin/projects',
    {
      schema: {
        tags,
        summary: 'Every project, archived ones too, with hosts and counts; `q` searches name and key',
        querystring: z.object({ q: z.string().max(100).optional() }).strict(),
        response: { 200: z.array(adminProjectSchema), ...errors },
      },
    },
    async (request) => listProjectsForAdmin(db, request.query.q),
  );

  app.post(
    '/api/admin/projects',
    {
      schema: {
        tags,
        summary:
          'A new project: key, name, currency, locale, theme, an empty or the demo catalogue, and its first manager invited by e-mail',
        body: newProjectSchema,
        response: {
          201: z.object({
            _id: z.string(),
            key: z.string(),
            name: z.string(),
            url: z.string(),
            invitation: z.object({ email: z.string(), url: z.string() }),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createProject({
          db,
          actor: requireAdmin(request),
          input: request.body,
          config,
          mailer,
          secret: authSecret,
          languages: acceptedLanguages(request.headers['accept-language']),
        }),
      ),
  );

  app.post(
    '/api/admin/projects/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive a project (only admins reach it then), or bring it back',
        params: z.object({ id: z.uuid() }),
        body: z.object({ archived: z.boolean() }).strict(),
        response: { 200: adminProjectSchema, ...errors },
      },
    },
    async (request) =>
      setProjectArchived({
        db,
        actor: requireAdmin(request),
        projectId: request.params.id,
        archived: request.body.archived,
      }),
  );

  app.get(
    '/api/admin/projects/:id/config',
    {
      schema: {
        tags,
        summary: 'A project’s settings as one JSON document, with its versions',
        params: projectParams,
        response: { 200: projectConfigViewSchema, ...errors },
      },
    },
    async (request) => projectConfig(db, request.params.id),
  );

  app.put(
    '/api/admin/projects/:id/config',
    {
      schema: {
        tags,
        summary: 'Replace a project’s settings, on the version read',
        params: projectParams,
        body: z.object({ config: projectConfigSchema, _version: z.number().int().min(1) }).strict(),
        response: { 200: projectConfigViewSchema, ...errors },
      },
    },
    async (request) =>
      saveProjectConfig({
        db,
        actor: requireAdmin(request),
        projectId: request.params.id,
        config: request.body.config,
        version: request.body._version,
      }),
  );

  app.post(
    '/api/admin/projects/:id/config/restore',
    {
      schema: {
        tags,
        summary: 'Make an earlier version of a project’s settings the current one',
        params: projectParams,
        body: z.object({ version: z.number().int().min(1), _version: z.number().int().min(1) }).strict(),
        response: { 200: projectConfigViewSchema, ...errors },
      },
    },
    async (request) =>
      restoreProjectConfig({
        db,
        actor: requireAdmin(request),
        projectId: request.params.id,
        restore: request.body.version,
        version: request.body._version,
      }),
  );
};

/** A project's data: its export and import as a bundle, and its collection models. */
const adminProjectDataRoutes: FastifyPluginAsyncZod<AdminContext> = async (
  app,
  { config, database, hooks, mailer, storage, authSecret },
) => {
  const { db } = database;
  const tags = ['admin'];
  app.get(
    '/api/admin/projects/:id/export',
    {
      schema: {
        tags,
        summary: 'A project as one JSON bundle: settings, collections, every item, members and files',
        params: projectParams,
        response: { 200: bundleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const bundle = await exportProject({ db, storage, projectId: request.params.id });
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${bundle.project.key}-${bundle.exportedAt.slice(0, 10)}.json"`,
        )
        .send(bundle);
    },
  );

  app.post(
    '/api/admin/projects/import',
    {
      bodyLimit: BUNDLE_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'A project bundle as a new project under a new key: every item and file gets a new id, files pass the upload check, and the bundle’s people become nobody unless `people: invite` invites their addresses',
        body: z
          .object({
            key: projectKeySchema,
            name: z.string().max(120).optional(),
            people: bundlePeopleSchema.default('none'),
            bundle: bundleSchema,
          })
          .strict(),
        response: {
          201: z.object({
            _id: z.string(),
            key: z.string(),
            name: z.string(),
            items: z.number(),
            files: z.number(),
            collections: z.number(),
            invited: z.array(z.object({ email: z.string(), role: z.enum(['purchaser', 'manager']) })),
            peopleNotAdded: z.number(),
          }),
          ...errors,
          413: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { bundle, key, name, people } = request.body;
      const answer = await importProject({
        db,
        storage,
        hooks,
        mailer,
        secret: authSecret,
        actor: requireAdmin(request),
        bundle,
        key,
        name,
        people,
        portalHost: config.portalHost,
        origin: projectOrigin(config, key),
        maxFileBytes: config.uploadMaxBytes,
        log: request.log,
      });
      return reply.status(201).send(answer);
    },
  );

  const modelSchema = z.object({
    name: z.string(),
    label: z.string(),
    builtIn: z.boolean(),
    baseFields: z.array(z.object({ key: z.string(), label: z.string() })),
    fields: z.array(z.record(z.string(), z.unknown())),
  });
  app.get(
    '/api/admin/projects/:id/models',
    {
      schema: {
        tags,
        summary: 'The project’s collections: built-in ones with the fields added to them, and its own',
        params: projectParams,
        response: { 200: z.array(modelSchema), ...errors },
      },
    },
    async (request) => listModels(db, request.params.id),
  );

  app.put(
    '/api/admin/projects/:id/models/:name',
    {
      schema: {
        tags,
        summary:
          'Add fields to a built-in collection or define one of the project’s own (a field left out is hidden, its data kept)',
        params: z.object({ id: z.uuid(), name: z.string().max(64) }),
        body: modelInputSchema,
        response: { 200: modelSchema, ...errors },
      },
    },
    async (request) =>
      saveModel({
        db,
        actor: requireAdmin(request),
        projectId: request.params.id,
        name: request.params.name,
        input: request.body,
      }),
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'People by e-mail or name, 50 a page in e-mail order, with memberships and live sessions',
        querystring: z.object({ q: z.string().max(100).optional(), after: z.string().max(254).optional() }).strict(),
        response: { 200: z.object({ items: z.array(adminUserSchema), next: z.string().nullable() }), ...errors },
      },
    },
    async (request) => listUsers(db, request.query),
  );
};

/** People: find, change, sign out, reset, and their roles in projects. */
const adminPeopleRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { config, database, auth }) => {
  const { db } = database;
  const tags = ['admin'];
  const userParams = z.object({ id: z.string().min(1).max(64) });
  app.get(
    '/api/admin/users/:id',
    { schema: { tags, summary: 'One person', params: userParams, response: { 200: adminUserSchema, ...errors } } },
    async (request) => getAdminUser(db, request.params.id),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Admin flag, name, verify the address, disable (sessions end at once) or enable',
        params: userParams,
        body: adminUserPatchSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => patchUser({ db, actor: requireAdmin(request), userId: request.params.id, patch: request.body }),
  );

  app.post(
    '/api/admin/users/:id/sign-out',
    {
      schema: {
        tags,
        summary: 'End every session of a person',
        params: userParams,
        body: z.object({}).strict().optional(),
        response: { 200: z.object({ ended: z.number() }), ...errors },
      },
    },
    async (request) => signOutEverywhere({ db, actor: requireAdmin(request), userId: request.params.id }),
  );

  app.post(
    '/api/admin/users/:id/reset-link',
    {
      schema: {
        tags,
        summary: 'Mail a person a password-reset link, from the address of one of their projects',
        params: userParams,
        body: z.object({}).strict().optional(),
        response: { 200: z.object({ sentTo: z.string() }), ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      const user = await getAdminUser(db, request.params.id);
      const project = user.memberships[0];
      if (!project) throw fail('rule_broken', 'admin.no-project-for-reset');
      const origin = projectOrigin(config, project.projectKey);
      const response = await auth.handler(
        new Request(`${origin}/api/auth/request-password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ email: user.email, redirectTo: '/my-account' }),
        }),
      );
      if (!response.ok) throw fail('internal', 'me.mail-failed');
      return { sentTo: user.email };
    },
  );

  const membershipParams = z.object({ id: z.string().min(1).max(64), projectId: z.uuid() });
  app.put(
    '/api/admin/users/:id/memberships/:projectId',
    {
      schema: {
        tags,
        summary: 'Give a person a role in a project, or change it',
        params: membershipParams,
        body: z.object({ role: z.enum(MEMBERSHIP_ROLE_LIST) }).strict(),
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) =>
      setMembership({
        db,
        actor: requireAdmin(request),
        userId: request.params.id,
        projectId: request.params.projectId,
        role: request.body.role,
      }),
  );

  app.delete(
    '/api/admin/users/:id/memberships/:projectId',
    {
      schema: {
        tags,
        summary: 'Remove a person from a project',
        params: membershipParams,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) =>
      removeMembership({
        db,
        actor: requireAdmin(request),
        userId: request.params.id,
        projectId: request.params.projectId,
      }),
  );
};

/** The platform: deploys, purchases across projects, visits, the change stream, feature flags and the audit log. */
const adminPlatformRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { database }) => {
  const { db } = database;
  const tags = ['admin'];
  app.post(
    '/api/deploys',
    {
      schema: {
        tags,
        summary: 'A new deploy (admins)',
        body: deployInputSchema,
        response: { 201: deploySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDeploy({ db, actor: requireAdmin(request), input: request.body })),
  );

  app.put(
    '/api/deploys/:id',
    {
      schema: {
        tags,
        summary: 'Change a deploy: name, type, host and the projects it serves (admins)',
        params: z.object({ id: z.uuid() }),
        body: deployInputSchema,
        response: { 200: deploySchema, ...errors },
      },
    },
    async (request) =>
      updateDeploy({ db, actor: requireAdmin(request), deployId: request.params.id, input: request.body }),
  );

  app.delete(
    '/api/deploys/:id',
    {
      schema: {
        tags,
        summary: 'Delete a deploy (admins; its projects stay)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDeploy({ db, actor: requireAdmin(request), deployId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};

/** What happens across projects: purchases, sessions, the change stream. */
const adminActivityRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { database }) => {
  const { db } = database;
  const tags = ['admin'];
  app.get(
    '/api/admin/purchases',
    {
      schema: {
        tags,
        summary: 'Approved purchases in force across projects, with totals per project and currency',
        querystring: adminPurchasesQuerySchema,
        response: { 200: adminPurchasesSchema, ...errors },
      },
    },
    async (request) => adminPurchases(db, request.query),
  );

  app.get(
    '/api/admin/purchases.csv',
    {
      schema: {
        tags,
        summary: 'The same purchases as CSV',
        querystring: adminPurchasesQuerySchema,
        produces: ['text/csv', 'application/json'],
        response: {
          200: { description: 'The purchases (CSV)', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="purchases-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(adminPurchasesCsv(await adminPurchases(db, request.query))),
  );

  app.get(
    '/api/admin/sessions',
    {
      schema: {
        tags,
        summary:
          'Visits of signed-in people, newest first (50 a page, `before` the last one’s start), and how many are on now',
        querystring: z.object({ project: z.string().max(64).optional(), before: z.iso.datetime().optional() }).strict(),
        response: { 200: adminVisitsSchema, ...errors },
      },
    },
    async (request) => listVisits(db, request.query),
  );

  // The change feed as it happens (the pen stream), as server-sent events: every committed write
  // of every project, ids only.
  const stream = eventStreams(app);
  app.get(
    '/api/admin/changes/stream',
    {
      schema: {
        tags,
        summary:
          'Every committed change of every project as it happens (server-sent events; ids only). Ends within seconds of its session ending: signed out, expired, disabled or no longer an admin',
        response: { 200: z.string().describe('text/event-stream'), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request, reply) => {
      const actor = requireAdmin(request);
      stream(request, reply, {
        sessionToken: actor.sessionToken ?? '',
        requires: 'admin',
        feed: (send) => database.changes.subscribe((event) => send({ ...event, at: new Date().toISOString() })),
      });
    },
  );
};

/** The platform: deploys, feature flags and the audit. */
const adminPlatformSettingsRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { database }) => {
  const { db } = database;
  const tags = ['admin'];
  app.get(
    '/api/admin/deploys',
    { schema: { tags, summary: 'Every deploy and its projects', response: { 200: z.array(deploySchema), ...errors } } },
    async () => listDeploys(db),
  );

  app.get(
    '/api/admin/features',
    {
      schema: {
        tags,
        summary: 'The platform’s feature flags',
        response: { 200: z.array(featureFlagSchema), ...errors },
      },
    },
    async () => flags(db),
  );

  app.put(
    '/api/admin/features',
    {
      schema: {
        tags,
        summary: 'Create or change a feature flag',
        body: featureFlagInputSchema,
        response: { 200: z.array(featureFlagSchema), ...errors },
      },
    },
    async (request) => setFlag({ db, actor: requireAdmin(request), input: request.body }),
  );

  app.delete(
    '/api/admin/features/:key',
    {
      schema: {
        tags,
        summary: 'Remove a feature flag',
        params: z.object({ key: z.string().regex(FEATURE_KEY_PATTERN) }),
        response: { 200: z.array(featureFlagSchema), ...errors },
      },
    },
    async (request) => deleteFlag({ db, actor: requireAdmin(request), key: request.params.key }),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The administrators’ changes, newest first',
        querystring: z
          .object({
            kind: z.enum(['project', 'user', 'membership', 'deploy', 'feature', 'collection']).optional(),
            target: z.string().max(120).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          })
          .strict(),
        response: { 200: z.array(adminAuditEntrySchema), ...errors },
      },
    },
    async (request) =>
      auditEntries(db, { limit: request.query.limit, targetKind: request.query.kind, targetId: request.query.target }),
  );
};
