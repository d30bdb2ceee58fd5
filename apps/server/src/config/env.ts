import path from 'node:path';
import { z } from 'zod';
import { hostname } from '@decor/core';
import { defaultWebDist } from '../lib/paths.ts';

/** Connections a server process keeps to PostgreSQL unless told otherwise (docs/decisions/054-eight-connections-a-process.md). */
export const DEFAULT_POOL_SIZE = 8;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** Every environment key the server reads (README, "Configuration"; a test keeps the two the same). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PORTAL_HOST: z
    .string()
    .trim()
    .min(1)
    .default('localhost')
    .refine((value) => /^[a-z0-9.-]+$/i.test(hostname(value)), 'a host name such as portal.example.com'),
  PORTAL_URL: optionalText.refine(
    (value) => value === undefined || (/^https?:\/\/[^/?#@]+\/?$/.test(value) && URL.canParse(value)),
    "the portal's address, such as https://portal.example.com",
  ),
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'a postgres:// connection URL',
  ),
  DATABASE_DIRECT_URL: optionalText.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'a postgres:// connection URL',
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    'an smtp:// or smtps:// URL',
  ),
  DEMO_PASSWORD: optionalText.refine((value) => value === undefined || value.length >= 8, 'at least 8 characters'),
  SEED_DEMO: flag,
  TRUST_PROXY: flag,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  /** Hotjar's site id: digits only (docs/public-pages.md, "Analytics"). */
  SESSION_RECORDING_ID: optionalText.refine(
    (value) => value === undefined || /^\d{4,12}$/.test(value),
    "the session-recording tool's site id: digits only, e.g. 3512345",
  ),
  SESSION_RECORDING_VERSION: z.coerce.number().int().positive().optional(),
  /** A Google Analytics 4 measurement id. */
  ANALYTICS_ID: optionalText.refine(
    (value) => value === undefined || /^G-[A-Z0-9]{4,12}$/.test(value),
    'a Google Analytics 4 measurement id such as G-ABC123DEF4',
  ),
  DECOR_API_URL: optionalText.refine((value) => value === undefined || URL.canParse(value), 'an absolute URL'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  AUTH_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, 'at least 32 characters'),
  MAIL_FROM: optionalText,
  OIDC_ISSUER: optionalText.refine((value) => value === undefined || URL.canParse(value), 'an absolute URL'),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  WEB_DIST_DIR: optionalText,
  NODE_ENV: z.string().optional(),
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, 'at least 16 characters'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Card payments (docs/payments.md, "Paying by card"): the platform's Stripe secret key and its webhook's signing secret. */
  STRIPE_SECRET_KEY: optionalText.refine(
    (value) => value === undefined || /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/.test(value),
    'a Stripe secret key such as sk_live_…',
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.refine(
    (value) => value === undefined || /^whsec_[A-Za-z0-9+/=]{8,}$/.test(value),
    'a Stripe webhook signing secret such as whsec_…',
  ),
  /** Stripe's API base, for a Stripe-compatible server (the tests' own). */
  STRIPE_API_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^/?#]+\/?$/.test(value),
    'an address such as https://api.stripe.com',
  ),
  /** Hosts of the operator's own network webhooks may reach (docs/integrations.md, "Safety"): `name` or `name:port`, comma-separated. */
  WEBHOOK_ALLOWED_HOSTS: optionalText.refine(
    (value) =>
      value === undefined ||
      value.split(',').every((entry) => /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/i.test(entry.trim())),
    'host names or host:port, comma-separated, such as erp.internal,10.0.0.5:8443',
  ),
  FILES_URL: optionalText.refine(
    (value) => value === undefined || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^?#]*)?(\?.*)?$/.test(value),
    'an s3://bucket URL, such as s3://decor-files?region=eu-west-1',
  ),
});

export type Config = {
  port: number;
  host: string;
  portalHost: string;
  /**
   * Scheme and port of every link the server builds (mail, access and share links): a
   * project's address is this with the project key in front of the host. Never taken
   * from a request's Host header (docs/security.md, "Hosts").
   */
  portalUrl: { protocol: 'http:' | 'https:'; port: string };
  databaseUrl: string | undefined;
  /** PostgreSQL itself when DATABASE_URL is a pooler (PgBouncer): migrations and LISTEN. */
  databaseDirectUrl: string | undefined;
  /** Connections each server process keeps to PostgreSQL. */
  databasePoolSize: number;
  dataDir: string;
  smtpUrl: string | undefined;
  demoPassword: string | undefined;
  seedDemo: boolean;
  /** Behind a reverse proxy: read the client's address and protocol from X-Forwarded-*. */
  trustProxy: boolean;
  /** Server processes sharing the port (PostgreSQL only). */
  workers: number;
  /**
   * How far V8 lets the heap grow past what its last full collection kept, in percent; 0 leaves
   * it to V8 (docs/decisions/055-the-heap-grows-by-half.md).
   */
  heapGrowthPercent: number;
  /** Largest accepted upload; bigger ones are refused with 413. */
  uploadMaxBytes: number;
  sessionRecording: { id: string | null; version: number | undefined };
  analyticsId: string | null;
  decorApiUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string;
  authSecret: string | undefined;
  mailFrom: string;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
  production: boolean;
  /** The bearer token of GET /metrics; without one the metrics are off. */
  metricsToken: string | undefined;
  /** Longest time to receive a whole request (headers and body); slower ones get 408. */
  requestTimeoutMs: number;
  /** After a stop signal: time answering "not ready" before refusing new connections. */
  shutdownDelayMs: number;
  /** After a stop signal: longest wait for requests and mails in flight. */
  shutdownTimeoutMs: number;
  /** Where uploaded files live: s3://bucket…, or undefined for DATA_DIR/files. */
  filesUrl: string | undefined;
  /** Card payments through Stripe; null: offline payments only. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  /** Hosts on the operator's own network that webhook endpoints may name (none by default). */
  webhookAllowedHosts: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration once, failing with every bad key listed, not just the first.
 * Demo data is seeded on the embedded database, and on PostgreSQL only with SEED_DEMO=1.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const oidcKeys = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(['STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both, or neither']);
  }
  if (oidcKeys.some(Boolean) && !oidcKeys.every(Boolean)) {
    throw new ConfigError(['OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three, or none']);
  }
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = [
      !e.DATABASE_URL &&
        'DATABASE_URL: required in production — a PostgreSQL database (the embedded one is for a single developer machine)',
      !e.SMTP_URL &&
        'SMTP_URL: required in production — without it, sign-in codes and reset links would only be written to the log',
      !e.AUTH_SECRET &&
        'AUTH_SECRET: required in production — the same secret of at least 32 characters on every server',
    ].filter((problem): problem is string => typeof problem === 'string');
    if (missing.length) throw new ConfigError(missing);
  }
  const portalHost = hostname(e.PORTAL_HOST);
  return {
    port: e.PORT,
    host: e.HOST,
    portalHost,
    portalUrl: portalUrlOf(e.PORTAL_URL, portalHost, e.PORT),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.DATABASE_URL === undefined || e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    workers: e.WEB_CONCURRENCY,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    sessionRecording: { id: e.SESSION_RECORDING_ID ?? null, version: e.SESSION_RECORDING_VERSION },
    analyticsId: e.ANALYTICS_ID ?? null,
    decorApiUrl: e.DECOR_API_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    authSecret: e.AUTH_SECRET,
    mailFrom: e.MAIL_FROM ?? `Decor Portal <no-reply@${portalHost.includes('.') ? portalHost : 'decor.localhost'}>`,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME ?? 'your company account',
          }
        : null,
    production,
    metricsToken: e.METRICS_TOKEN,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    filesUrl: e.FILES_URL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : null,
    webhookAllowedHosts: (e.WEBHOOK_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  };
}

const LOCAL_HOST = /(^|\.)(localhost|test)$|^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * PORTAL_URL when set (its host must be PORTAL_HOST); otherwise HTTPS on a public host, and
 * plain HTTP with the listening port on a local or test host.
 */
function portalUrlOf(given: string | undefined, portalHost: string, port: number): Config['portalUrl'] {
  if (given) {
    const url = new URL(given);
    if (url.hostname !== portalHost)
      throw new ConfigError([`PORTAL_URL: its host must be PORTAL_HOST (${portalHost})`]);
    return { protocol: url.protocol as 'http:' | 'https:', port: url.port };
  }
  return LOCAL_HOST.test(portalHost)
    ? { protocol: 'http:', port: port === 80 ? '' : String(port) }
    : { protocol: 'https:', port: '' };
}
