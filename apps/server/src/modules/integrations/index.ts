import { defineModule } from '../../module.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import { findProjectById, peopleOf } from '../projects/index.ts';
import { readersOf, webhookDisabledMail } from '../mail/index.ts';
import { apiKeysRoutes, webhookLogRoutes, webhooksRoutes } from './integrations.routes.ts';
import { registerEventHooks } from './webhooks.events.ts';
import { createDeliverer, type Deliverer } from './webhooks.delivery.ts';
import { systemResolve, type AddressPolicy } from './webhooks.http.ts';
import { DELIVERY_CHANNEL, endpointsOf, pruneEvents } from './webhooks.repo.ts';
import { secretSealer } from './webhooks.signing.ts';

/** How long events are kept once nobody is owed them: a month of replays. */
const KEEP_EVENTS_MS = 30 * 24 * 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's webhook deliverer (docs/integrations.md, "Delivery"): tests and the bench wake it. */
    webhooks: Deliverer;
  }
}

/**
 * The integrations module's front door (docs/integrations.md): the events a project's changes
 * raise (collection hooks, and `recordEvent` for the modules whose rows are their own), their
 * delivery to the project's endpoints, and its API keys. The API keys' check on each request is
 * the actor plugin's, given `apiKeyResolver` by the app.
 */
export const integrationsModule = defineModule({
  name: 'integrations',
  dependencies: ['projects', 'decor'],
  hooks: ({ hooks }) => registerEventHooks(hooks),
  jobs: ({ database, authSecret, config, mailer }, app) => {
    const db = database.db;
    const policy: AddressPolicy = { allowedHosts: config.webhookAllowedHosts, resolve: systemResolve };
    const deliverer = createDeliverer({
      db,
      sealer: secretSealer(authSecret),
      policy,
      log: app.log,
      async onDisabled(endpointId, projectId) {
        const project = await findProjectById(db, projectId);
        const [endpoint] = await endpointsOf(db, projectId, endpointId);
        if (!project || !endpoint) return;
        const managers = (await peopleOf(db, { projectId, role: 'manager' })).map((manager) => manager.email);
        const readerOf = await readersOf(db, project.options ?? {}, managers);
        for (const to of managers)
          await mailer.send({
            ...webhookDisabledMail({
              to,
              reader: readerOf(to),
              projectName: project.name,
              endpoint: endpoint.url,
              url: `${projectOrigin(config, project.key)}/manage/integrations`,
            }),
            projectId,
          });
      },
    });
    app.decorate('webhooks', deliverer);
    // An event that commits on any server wakes every deliverer at once; the timer is for retries.
    let stop: (() => void) | null = null;
    app.addHook('onReady', async () => {
      stop = await database.changes.listen(DELIVERY_CHANNEL, () => void deliverer.wake().catch(() => undefined));
    });
    app.addHook('preClose', async () => stop?.());
    return [
      { name: 'webhook-deliveries', everyMs: 5_000, firstAfterMs: 1_000, run: () => deliverer.wake() },
      {
        name: 'webhook-events-pruning',
        everyMs: 6 * 60 * 60_000,
        run: () => pruneEvents(db, new Date(Date.now() - KEEP_EVENTS_MS)),
      },
    ];
  },
  routes: [webhooksRoutes, webhookLogRoutes, apiKeysRoutes],
});

export { recordEvent } from './webhooks.events.ts';
export { keyForToken, looksLikeApiKey } from './api-keys.operations.ts';
