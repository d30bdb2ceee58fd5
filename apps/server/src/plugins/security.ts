import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { DomainError } from '@decor/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every response. The SPA is served from our own origin only; styles
 * allow inline attributes because the UI kit sets CSS variables through them. /embed is
 * the one page other sites may frame (the builder's marketing site).
 */
export const securityPlugin = fp(async function security(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  });
  // Cross-site request forgery: a state-changing call that carries our cookies must come
  // from a page of the same origin. (Calls with a bearer token and no cookie cannot be forged.)
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const isCrossSite = origin
      ? origin !== `${request.protocol}://${request.host}`
      : request.headers['sec-fetch-site'] === 'cross-site';
    if (isCrossSite) throw new DomainError('forbidden', 'This request came from another site and was refused.');
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url === '/embed' || request.url.startsWith('/embed?')) {
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace("frame-ancestors 'self'", 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
    }
  });
});
