import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { completeDocument } from '../../lib/openapi-document.ts';

const require = createRequire(import.meta.url);

/** Swagger UI's browser build, as the @fastify/swagger-ui package ships it (nothing fetched from elsewhere). */
const staticDir = path.join(path.dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static');
const ASSETS = {
  'script.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'style.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
} as const;

/**
 * The OpenAPI description of every route (portal, identity, decor) at /api/openapi.json,
 * and the interactive reference's script and styles (Swagger UI, served from our own
 * origin) for the admins' /admin/api page (docs/api.md).
 */
export async function referenceRoutes(app: FastifyInstance) {
  const assets = Object.fromEntries(
    Object.entries(ASSETS).map(([name, { file, type }]) => [
      name,
      { bytes: fs.readFileSync(path.join(staticDir, file)), type },
    ]),
  );

  // Made once, when first asked: the routes do not change while the server runs.
  let document: unknown = null;
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    document ??= completeDocument(app.swagger() as Parameters<typeof completeDocument>[0]);
    return reply.type('application/json; charset=utf-8').send(document);
  });

  for (const [name, asset] of Object.entries(assets)) {
    app.get(`/api/reference/${name}`, { schema: { hide: true } }, async (_request, reply) => {
      return reply.type(asset.type).header('cache-control', 'public, max-age=86400').send(asset.bytes);
    });
  }
}
