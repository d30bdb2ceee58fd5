import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

/**
 * The OpenAPI description of every route (portal, identity, decor) at /api/openapi.json,
 * and the interactive reference's script (Scalar, served from our own origin) for /admin/api.
 */
export async function referenceRoutes(app: FastifyInstance) {
  // The package exports no path to its browser build: find it beside its main entry.
  const entry = require.resolve('@scalar/api-reference');
  const scriptPath = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'dist', 'browser', 'standalone.js');
  const script = fs.readFileSync(scriptPath);

  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send(app.swagger());
  });

  app.get('/api/reference/script.js', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(script);
  });
}
