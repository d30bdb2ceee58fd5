import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '@decor/core';
import { parseClientJson } from '../lib/safe-json.ts';

/**
 * The one JSON body parser (docs/security.md, "Bad input"): bounded depth, no NUL, no
 * prototype keys (lib/safe-json.ts). An empty body is no body, so a POST without one reaches
 * the route's own validation as `{}` (optional bodies pass) instead of failing as broken JSON.
 * A NUL in the URL (`%00`) is refused before routing for the same reason as in a body.
 */
export const bodyParserPlugin = fp(async function bodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, parseClientJson(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Fastify validates a missing body as null, which no optional body schema accepts: a
  // POST, PATCH or PUT with no body is validated as an empty object instead.
  app.addHook('preValidation', async (request) => {
    if (
      request.body == null &&
      (request.method === 'POST' || request.method === 'PATCH' || request.method === 'PUT') &&
      !String(request.headers['content-type'] ?? '').startsWith('multipart/')
    ) {
      request.body = {};
    }
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || request.url.includes('\u0000')) {
      throw fail('bad_request', 'request.nul-address');
    }
  });
});
