import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import './lib/zone-database.ts';
import { can, standingOf } from '@decor/core';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import { errorsPlugin, toErrorReply } from './plugins/errors.ts';
import { SECURITY_SCHEMES } from './lib/openapi-document.ts';
import { errorReplies } from './lib/error-replies.ts';
import { requestLanguage } from './lib/reader-language.ts';
import { securityPlugin } from './plugins/security.ts';
import { bodyParserPlugin } from './plugins/body-parser.ts';
import { tenancyPlugin } from './plugins/tenancy.ts';
import { actorPlugin } from './plugins/actor.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { pageAnswersFor } from './plugins/page-answers.ts';
import { createJobs } from './lib/jobs.ts';
import { clientErrorHandler, requestDeadline, requestLogSerializers } from './lib/http-lifecycle.ts';
import { liveSessionsPlugin } from './plugins/live-sessions.ts';
import type { AppContext } from './context.ts';
import { accessCodesModule } from './modules/access-codes/index.ts';
import { adminModule } from './modules/admin/index.ts';
import { cartsModule } from './modules/carts/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { appointmentsModule } from './modules/appointments/index.ts';
import { commentsModule } from './modules/comments/index.ts';
import { decorModule, HookRegistry, onCollectionsChange, onItemsChange } from './modules/decor/index.ts';
import { displaysModule } from './modules/displays/index.ts';
import { embedModule } from './modules/embed/index.ts';
import { FileReaders, filesModule, storageFor, type FileStorage, type StorageKind } from './modules/files/index.ts';
import { createMetrics, healthPlugin } from './modules/health/index.ts';
import { createAuth, identityModule } from './modules/identity/index.ts';
import { importsModule } from './modules/imports/index.ts';
import { integrationsModule, keyForToken, looksLikeApiKey } from './modules/integrations/index.ts';
import { leadsModule } from './modules/leads/index.ts';
import { createMailer, trackedMailer, type Mailer } from './modules/mail/index.ts';
import { manageModule } from './modules/manage/index.ts';
import { meOf, portalModule, projectResponse, publicFaceOf } from './modules/portal/index.ts';
import { findProjectByKey, onProjectChange, roleInProject, scopePlugin } from './modules/projects/index.ts';
import { referenceModule } from './modules/reference/index.ts';
import { budgetModule } from './modules/budget/index.ts';
import { reportsModule } from './modules/reports/index.ts';

/**
 * Every module, in the order the app registers them: a module comes after those it names as
 * dependencies (docs/architecture.md, "Server modules").
 */
const MODULES = [
  identityModule,
  decorModule,
  integrationsModule,
  portalModule,
  filesModule,
  cartsModule,
  accessCodesModule,
  commentsModule,
  paymentsModule,
  appointmentsModule,
  budgetModule,
  reportsModule,
  manageModule,
  importsModule,
  leadsModule,
  displaysModule,
  embedModule,
  adminModule,
  referenceModule,
];

declare module 'fastify' {
  interface FastifyInstance {
    collectionHooks: HookRegistry;
  }
}

export type { AppContext } from './context.ts';

const isZod = (schema: unknown) => typeof schema === 'object' && schema !== null && '_zod' in schema;

/** The OpenAPI form of a route's schema: zod schemas converted, plain JSON Schema (a PDF reply) kept as written. */
const documentedSchema: typeof jsonSchemaTransform = (input) => convertedSchema(withApiScope(input));

/**
 * A route an API key may call says which scope it needs (docs/integrations.md, "Scopes"): the
 * scope of its `config.apiScope`, or, where the scope depends on the collection, each it may be.
 */
function withApiScope(input: Parameters<typeof jsonSchemaTransform>[0]): Parameters<typeof jsonSchemaTransform>[0] {
  const declared = (input as { route?: { config?: { apiScope?: unknown } } }).route?.config?.apiScope;
  if (!declared || !input.schema) return input;
  const scopes =
    typeof declared === 'string'
      ? [declared]
      : ['catalogue:read', 'selections:read', 'leads:read', 'units:write', 'leads:write'];
  // A key's calls are counted: past its minute's limit they are answered 429 (docs/integrations.md).
  const response = { ...errorReplies(401, 403, 429), ...(input.schema.response as object | undefined) };
  return { ...input, schema: { ...input.schema, response, security: [{ session: [] }, { apiKey: scopes }] } };
}

const convertedSchema: typeof jsonSchemaTransform = (input) => {
  const response = input.schema?.response as Record<string, unknown> | undefined;
  const plain = Object.fromEntries(Object.entries(response ?? {}).filter(([, schema]) => !isZod(schema)));
  if (!response || !Object.keys(plain).length) return jsonSchemaTransform(input);
  const converted = jsonSchemaTransform({
    ...input,
    schema: {
      ...input.schema,
      response: Object.fromEntries(Object.entries(response).filter(([, schema]) => isZod(schema))),
    },
  });
  return {
    ...converted,
    schema: { ...converted.schema, response: { ...(converted.schema.response as object), ...plain } },
  };
};

/** The OpenAPI document's frame: what /api/openapi.json says before the routes add themselves. */
async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Decor Portal API',
        version: '1',
        description:
          'Portal, identity and decor API. Send the project key as the ProjectId header (or call from its subdomain).',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: [
        { name: 'portal', description: 'Environment, people, projects, access codes' },
        { name: 'identity', description: 'The embedded identity provider' },
        { name: 'decor', description: 'Schema-driven collections and files' },
        { name: 'manage', description: "The back office of a project's design centre" },
        {
          name: 'integrations',
          description: 'Webhook endpoints, their delivery log, and API keys (docs/integrations.md)',
        },
      ],
    },
    transform: documentedSchema,
  });
}

/** JSON bodies above this are refused with 413; uploads have their own limit. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppInput extends Pick<AppContext, 'config' | 'database' | 'authSecret'> {
  /** Signs sessions and tokens; the same on every server of a deployment. */
  authSecret: string;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** Where uploads go; by default the one FILES_URL names. */
  storage?: { storage: FileStorage; kind: StorageKind };
  /** Runs the jobs that mail people on a timer (deadline reminders, digests): the real server; tests call their work directly. */
  runMailJobs?: boolean;
}

/** The whole server as one Fastify instance, ready for `listen` or `inject`. */
export async function buildApp({
  config,
  database,
  authSecret,
  logger = false,
  mailer: givenMailer,
  storage: givenStorage,
  runMailJobs = false,
}: BuildAppInput) {
  const app = Fastify({
    logger: logger && { ...(logger === true ? {} : logger), serializers: requestLogSerializers },
    trustProxy: config.trustProxy,
    // A whole request must arrive in REQUEST_TIMEOUT_MS, or it is answered 408: Fastify's
    // default (0) would let a slow client hold a connection for ever. Node watches the
    // headers; requestDeadline below, the body.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
    },
    clientErrorHandler,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // Errors the router raises before any route (a malformed URL): the same JSON model.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toErrorReply(error);
      void (reply as unknown as FastifyReply).code(status).type('application/json; charset=utf-8').send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Zod schemas serialise JSON replies; a plain JSON Schema only documents a reply that is not
  // JSON (the cart's PDF, sent as bytes, which no serializer touches).
  app.setSerializerCompiler((route) =>
    isZod(route.schema)
      ? serializerCompiler(route as Parameters<typeof serializerCompiler>[0])
      : (data: unknown) => JSON.stringify(data),
  );

  const metrics = createMetrics();
  const mailer = trackedMailer(
    givenMailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log }),
    metrics,
  );
  // A stopping server lets the mails of its last answers leave first.
  app.addHook('onClose', async () => mailer.settled());
  const auth = createAuth({ config, db: database.db, mailer, secret: authSecret, log: app.log });

  await registerOpenApi(app);
  await app.register(errorsPlugin, { languageOf: (request: FastifyRequest) => requestLanguage(database.db, request) });
  await app.register(compressionPlugin);
  app.addHook('onRequest', requestDeadline(config.requestTimeoutMs));
  await app.register(healthPlugin, { database, metrics, metricsToken: config.metricsToken });
  await app.register(bodyParserPlugin);
  await app.register(securityPlugin, {
    analytics: { sessionRecording: Boolean(config.sessionRecording.id), analytics: Boolean(config.analyticsId) },
  });
  await app.register(tenancyPlugin, { portalHost: config.portalHost });
  await app.register(actorPlugin, {
    auth,
    db: database.db,
    secret: authSecret,
    apiKeys: { looksLike: looksLikeApiKey, resolve: (token) => keyForToken(database.db, token) },
  });
  await app.register(scopePlugin, { db: database.db });
  await app.register(liveSessionsPlugin, { db: database.db });

  const { storage, kind: storageKind } = givenStorage ?? storageFor(config);
  const jobs = createJobs({ runMailJobs, timeJob: metrics.timeJob, log: app.log });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  const context: AppContext = {
    config,
    database,
    hooks: new HookRegistry(app.log),
    authSecret,
    mailer,
    auth,
    storage,
    storageKind,
    fileReaders: new FileReaders(),
    jobs,
  };
  // Caches of this process stay exact: every committed change, on any server, reaches them.
  // They belong to one database at a time: a closed app empties them, so that the next app
  // built in this process (the tests build one per file) never sees its rows.
  const cacheListeners = [onProjectChange, onCollectionsChange, onItemsChange];
  const unsubscribe = cacheListeners.map((listener) => database.changes.subscribe(listener));
  app.addHook('onClose', async () => {
    unsubscribe.forEach((stop) => stop());
    cacheListeners.forEach((listener) => listener({ op: 'reset' }));
  });
  // Tests and later modules reach the collection hooks through the app.
  app.decorate('collectionHooks', context.hooks);
  for (const module of MODULES) await app.register(module, context);

  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    portalHost: config.portalHost,
    projectOf: async (key, request) => {
      const row = await findProjectByKey(database.db, key);
      // An archived project's pages are gone for its people; admins reach it from /admin.
      if (!row || row.archivedAt) return null;
      const answer = await projectResponse(database.db, row);
      // The page carries what GET /api/project would answer its reader (portal/project-answer.ts).
      const actor = await app.resolveActor(request).catch(() => null);
      const known = actor?.roleHere?.projectKey === row.key ? actor.roleHere : undefined;
      const role =
        actor && !actor.isAdmin ? (known ? known.role : await roleInProject(database.db, row.id, actor.userId)) : null;
      const staff = can(standingOf(actor, role), 'manage') === 'any';
      return staff ? answer : publicFaceOf(answer);
    },
    meOf: async (request) => {
      const actor = await app.resolveActor(request).catch(() => null);
      return actor ? meOf({ ...actor, id: actor.userId }) : null;
    },
    answersOf: (request, pathname) => pageAnswersFor(app, request, pathname),
  });
  return app;
}
