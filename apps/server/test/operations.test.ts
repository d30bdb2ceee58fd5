import { describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { loadConfig, ConfigError } from '../src/config/env.ts';
import { redactUrl } from '../src/lib/http-lifecycle.ts';
import { createMetrics } from '../src/modules/health/metrics.ts';

/**
 * Probes, metrics and the production checks of docs/operations.md, on the real app. What
 * only a process shows (stopping, time-outs) is in server-process.test.ts.
 */
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';
const { app } = await createTestApp({ env: { METRICS_TOKEN }, withMail: true });

const scrape = async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
};
/** A sample's value from the exposition text, by its name and labels. */
const sample = (text: string, name: string, labels: Record<string, string>) => {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe(`probes (${testDbKind})`, () => {
  it('answers /livez and /readyz on any host, a container name or localhost too', async () => {
    for (const host of ['localhost:3000', 'decor-portal-7f9c:3000', '10.0.0.5']) {
      const live = await app.inject({ method: 'GET', url: '/livez', headers: { host } });
      expect(live.statusCode, host).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/readyz', headers: { host } });
      expect(ready.statusCode, host).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: testDbKind });
    }
    // Every other path still refuses a host that is not the portal's.
    expect(
      (await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'decor-portal-7f9c:3000' } })).statusCode,
    ).toBe(400);
  });

  it('is not ready while starting or stopping, in the JSON error model', async () => {
    const { state } = app.readiness;
    try {
      for (const phase of ['starting', 'stopping'] as const) {
        app.readiness.state = phase;
        const response = await app.inject({ method: 'GET', url: '/readyz' });
        expect(response.statusCode).toBe(503);
        expect(response.json().error).toMatchObject({ code: 'unavailable', details: { state: phase } });
        expect(response.json().error.message).toMatch(/not taking requests/);
        expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      }
    } finally {
      app.readiness.state = state;
    }
  });
});

describe(`metrics (${testDbKind})`, () => {
  it('needs the bearer token: none, a wrong one and a prefix of the right one are refused', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${METRICS_TOKEN.slice(0, -1)}`, METRICS_TOKEN]) {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
      expect(response.body).not.toContain('decor_');
    }
  });

  it('counts requests by route pattern and status, and times them', async () => {
    const before = await scrape();
    const countOf = (text: string, status: string) =>
      sample(text, 'decor_http_requests_total', { method: 'GET', route: '/api/schema/:collection/:id', status }) ?? 0;
    const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
    for (const id of ['00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000002']) {
      await app.inject({ method: 'GET', url: `/api/schema/rooms/${id}`, headers: browserHeaders(buyer) });
    }
    const after = await scrape();
    // Two different ids, one route: the label is the pattern, never the id.
    expect(countOf(after, '404') - countOf(before, '404')).toBe(2);
    expect(after).not.toContain('00000000-0000-7000-8000-000000000001');
    expect(
      sample(after, 'decor_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/schema/:collection/:id',
      }),
    ).toBeGreaterThanOrEqual(2);
    // Probes and scrapes are not counted as traffic.
    expect(after).not.toMatch(/decor_http_requests_total\{[^}]*route="\/(metrics|livez|readyz)"/);
  });

  it('reports the database connections, the mails sent and the process', async () => {
    const before = sample(await scrape(), 'decor_mail_sent_total', { transport: 'smtp', result: 'sent' }) ?? 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: browserHeaders(),
      payload: { email: 'buyer@demo.test', redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    await expect
      .poll(async () => sample(await scrape(), 'decor_mail_sent_total', { transport: 'smtp', result: 'sent' }) ?? 0)
      .toBe(before + 1);
    const text = await scrape();
    expect(sample(text, 'decor_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^decor_mail_pending 0$/m);
    expect(text).toMatch(/^decor_process_resident_memory_bytes \d+/m);
  });

  it('counts job runs and their failures', async () => {
    const metrics = createMetrics();
    await metrics.timeJob('deadline-reminders', async () => 3);
    await expect(
      metrics.timeJob('deadline-reminders', async () => Promise.reject(new Error('smtp down'))),
    ).rejects.toThrow('smtp down');
    const text = await metrics.registry.metrics();
    expect(sample(text, 'decor_job_runs_total', { job: 'deadline-reminders', result: 'ok' })).toBe(1);
    expect(sample(text, 'decor_job_runs_total', { job: 'deadline-reminders', result: 'failed' })).toBe(1);
    expect(sample(text, 'decor_job_duration_seconds_count', { job: 'deadline-reminders' })).toBe(2);
  });
});

describe('metrics switched off', async () => {
  const { app: plain } = await createTestApp({ seed: false });
  it('answers 404 with the key to set, even with a token', async () => {
    const response = await plain.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toContain('METRICS_TOKEN');
  });
});

describe('logs', () => {
  it('keep no secret a request address carries', () => {
    expect(redactUrl('/api/auth/reset-password/AbC123token?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/api/auth/verify-email?token=eyJhbGci.x.y&callbackURL=/')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=/',
    );
    expect(redactUrl('/api/shared/s3cr3t')).toBe('/api/shared/[redacted]');
    expect(redactUrl('/go/ABCD-1234')).toBe('/go/[redacted]');
    expect(redactUrl('/link/XYZ?next=/configure')).toBe('/link/[redacted]?next=/configure');
    expect(redactUrl('/api/x?Code=1&otp=2&api%5Fkey=3&page=4')).toBe(
      '/api/x?Code=[redacted]&otp=[redacted]&api%5Fkey=[redacted]&page=4',
    );
    expect(redactUrl('/api/schema/rooms?limit=20')).toBe('/api/schema/rooms?limit=20');
    expect(redactUrl('/api/x?%E0%A4%A=1')).toBe('/api/x?%E0%A4%A=1');
  });
});

describe('production', () => {
  it('refuses to start without PostgreSQL, SMTP and the auth secret, one sentence per missing key', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['DATABASE_URL', 'SMTP_URL', 'AUTH_SECRET']);
    expect(problems[1]).toContain('sign-in codes and reset links');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/decor', SMTP_URL: 'smtp://mail:25' }),
    ).toThrow(/AUTH_SECRET/);
    const ready = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/decor',
      SMTP_URL: 'smtp://mail:25',
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(ready.production).toBe(true);
    // Outside production the embedded database and the dev outbox stay the easy start.
    expect(loadConfig({}).production).toBe(false);
  });
});

describe(`the request time-out and the requests the server makes of itself (${testDbKind})`, () => {
  it('never cuts off, later, a request already answered: a page’s own reads, a plain GET', async () => {
    const { app: quick } = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '1000' } });
    try {
      const { cookie } = await signIn(quick, 'buyer@demo.test', TEST_DEMO_PASSWORD);
      // The page of a cart asks six reads of the API itself (plugins/page-answers.ts).
      const page = await quick.inject({ method: 'GET', url: '/configure', headers: browserHeaders(cookie) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="page-answers"');
      expect((await quick.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(cookie) })).statusCode).toBe(
        200,
      );
      // Past the deadline: nothing fires at a request long answered (it threw in a timer before,
      // and a thrown error in a timer stops the server).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await quick.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(cookie) })).statusCode).toBe(
        200,
      );
    } finally {
      await quick.close();
    }
  });
});
