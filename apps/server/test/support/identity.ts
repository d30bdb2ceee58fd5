import type { FastifyInstance } from 'fastify';
import { TEST_PORTAL_HOST } from './test-app.ts';

type App = Pick<FastifyInstance, 'inject'>;

export const DEMO_HOST = `demo.${TEST_PORTAL_HOST}`;
export const DEMO_ORIGIN = `http://${DEMO_HOST}`;

/** Headers of a browser on the demo subdomain, optionally with its cookies. */
export function browserHeaders(cookie?: string, host = DEMO_HOST): Record<string, string> {
  return { host, origin: `http://${host}`, ...(cookie ? { cookie } : {}) };
}

/** The cookies a response sets, as a Cookie header. */
export function cookiesOf(response: { headers: Record<string, unknown> }): string {
  const setCookie = response.headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [];
  return list.map((c) => String(c).split(';')[0]).join('; ');
}

export async function signIn(
  app: App,
  email: string,
  password: string,
  { rememberMe = true, remoteAddress = '127.0.0.2' } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: browserHeaders(),
    payload: { email, password, rememberMe },
    remoteAddress,
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return { cookie: cookiesOf(response), response };
}

export async function signUp(app: App, email: string, password: string, remoteAddress = '127.0.0.3') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: browserHeaders(),
    payload: { email, password, name: email.split('@')[0] },
    remoteAddress,
  });
}

/** A fresh client address for each call (`10.9.0.1`, `10.9.0.2`, …), so per-address limits never cross tests. */
export function addressSequence(prefix: string): () => string {
  let count = 0;
  return () => `${prefix}.${Math.floor(count / 250)}.${(count++ % 250) + 1}`;
}
