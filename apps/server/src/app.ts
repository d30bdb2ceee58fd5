import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { tenancyPlugin } from './plugins/tenancy.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';

/** What every module is given: the configuration and the open database. */
export interface AppContext {
  config: Config;
  database: Database;
}

/** JSON bodies above this are refused with 413; uploads have their own limit. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppInput extends AppContext {
  logger?: FastifyServerOptions['logger'];
}

/** The whole server as one Fastify instance, ready for `listen` or `inject`. */
export async function buildApp({ config, database, logger = false }: BuildAppInput) {
  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(tenancyPlugin, { portalHost: config.portalHost });

  const context: AppContext = { config, database };
  await app.register(portalRoutes, context);

  await app.register(webAppPlugin, { distDir: config.webDistDir, portalHost: config.portalHost });
  return app;
}
