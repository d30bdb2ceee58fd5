import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { fail } from '@decor/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every response. The SPA is served from our own origin only; styles
 * allow inline attributes because the UI kit sets CSS variables through them. /embed is
 * the one page other sites may frame (the builder's marketing site).
 */
const DIRECTIVES = {
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
};

/**
 * The 3D scene's texture transcoder runs in a worker of its own (docs/3d.md, "Textures"), which
 * takes the policy its script is sent with: Emscripten's glue builds functions from strings
 * and compiles WebAssembly, and nothing else. It may fetch, import or show nothing; the page's
 * own policy never allows either.
 */
const TRANSCODER_WORKER = /^\/assets\/basis-r\d+\/ktx2-worker\.js(\?|$)/;
const TRANSCODER_WORKER_POLICY = "default-src 'none'; script-src 'unsafe-eval' 'wasm-unsafe-eval'";

/** The analytics configured (SESSION_RECORDING_ID, ANALYTICS_ID): the policy names a provider's hosts only when its id is set. */
export interface AnalyticsHosts {
  sessionRecording: boolean;
  analytics: boolean;
}

/** The hosts each provider's script loads from and talks to, added to the policy only when it is configured. */
const PROVIDER_HOSTS = {
  sessionRecording: {
    scriptSrc: ['https://static.hotjar.com', 'https://script.hotjar.com'],
    connectSrc: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
    imgSrc: ['https://*.hotjar.com'],
    fontSrc: ['https://script.hotjar.com'],
  },
  analytics: {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
    imgSrc: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
    fontSrc: [],
  },
};

function directivesFor(analytics: AnalyticsHosts) {
  const directives = { ...DIRECTIVES };
  for (const provider of ['sessionRecording', 'analytics'] as const) {
    if (!analytics[provider]) continue;
    const hosts = PROVIDER_HOSTS[provider];
    directives.scriptSrc = [...directives.scriptSrc, ...hosts.scriptSrc];
    directives.connectSrc = [...directives.connectSrc, ...hosts.connectSrc];
    directives.imgSrc = [...directives.imgSrc, ...hosts.imgSrc];
    directives.fontSrc = [...directives.fontSrc, ...hosts.fontSrc];
  }
  return directives;
}

const optionsFor = ({
  framedByAnySite,
  analytics,
}: {
  framedByAnySite: boolean;
  analytics: AnalyticsHosts;
}): HelmetOptions => ({
  // The embed widget never runs analytics: its policy names no provider.
  contentSecurityPolicy: {
    directives: framedByAnySite ? { ...DIRECTIVES, frameAncestors: ['*'] } : directivesFor(analytics),
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  xFrameOptions: framedByAnySite ? false : { action: 'sameorigin' },
});

/**
 * The headers helmet sets, worked out once: the policy is the same for every response, so
 * nothing is parsed or built per request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const NO_ANALYTICS: AnalyticsHosts = { sessionRecording: false, analytics: false };

export const securityPlugin = fp(async function security(
  app: FastifyInstance,
  { analytics = NO_ANALYTICS }: { analytics?: AnalyticsHosts },
) {
  const PAGE_HEADERS = securityHeaders(optionsFor({ framedByAnySite: false, analytics }));
  /** The embed widget may be framed by any site. */
  const EMBED_HEADERS = securityHeaders(optionsFor({ framedByAnySite: true, analytics: NO_ANALYTICS }));
  app.addHook('onRequest', async (request, reply) => {
    const isEmbed = request.url === '/embed' || request.url.startsWith('/embed?');
    reply.headers(isEmbed ? EMBED_HEADERS : PAGE_HEADERS);
    if (TRANSCODER_WORKER.test(request.url)) reply.header('content-security-policy', TRANSCODER_WORKER_POLICY);
    // Cross-site request forgery: a state-changing call that carries our cookies must come
    // from a page of the same origin. (Calls with a bearer token and no cookie cannot be forged.)
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const isCrossSite = origin
      ? origin !== `${request.protocol}://${request.host}`
      : request.headers['sec-fetch-site'] === 'cross-site';
    if (isCrossSite) throw fail('forbidden', 'request.cross-site');
  });
});
