import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './errors.ts';

export interface WebAppOptions {
  distDir: string;
  portalHost: string;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built SPA: hashed assets with a year of caching, and index.html (never
 * cached) for every other non-API GET, with the portal host written into a meta tag so
 * the client can find the project in its own host name. API paths never fall through to
 * the SPA: an unknown one is a JSON 404.
 */
export const webAppPlugin = fp(async function webApp(app: FastifyInstance, { distDir, portalHost }: WebAppOptions) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (!hasBuild) app.log.warn({ distDir }, 'the web app is not built: run `npm run build`; serving the API only');

  const indexHtml = hasBuild
    ? fs
        .readFileSync(indexFile, 'utf8')
        .replace('<head>', `<head><meta name="portal-host" content="${escapeAttribute(portalHost)}">`)
    : '';

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$|\?)/.test(request.url);
    if (!isPage || !hasBuild) return sendNotFound(request, reply);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
});
