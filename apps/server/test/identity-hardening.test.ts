import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, like } from 'drizzle-orm';
import { rateLimits, users } from '../src/db/schema/index.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, cookiesOf, DEMO_HOST, DEMO_ORIGIN } from './support/identity.ts';
import { linkIn } from './support/mail-catcher.ts';

/**
 * The identity provider's limits and password policy hold whatever spelling of a path
 * reaches it, and its mail never carries a link to a host we did not choose
 * (docs/security.md, "Identity" and "Hosts").
 */
// Behind a trusted proxy, so that each request can come from its own client address (X-Forwarded-For).
const { app, db, mail } = await createTestApp({ withMail: true, env: { TRUST_PROXY: '1' } });
// Raw paths over a real socket: the test client (inject) would tidy the dot segments a hostile client sends.
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): { error: { code: string; message: string; details?: Record<string, unknown> } };
}

/** One POST with the path exactly as written, as a hostile client would send it. */
function rawPost(path: string, payload: object, remoteAddress: string, host: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(payload);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': remoteAddress,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Spellings of one provider path that a URL parser (the provider's router) would resolve to it. */
function spellingsOf(path: string): string[] {
  const [first, ...rest] = path.split('/').filter(Boolean);
  const tail = rest.join('/');
  return [
    `/api/auth/./${path.slice(1)}`,
    `/api/auth/x/../${path.slice(1)}`,
    `/api/auth/%2e/${path.slice(1)}`,
    `/api/auth/%2E/${path.slice(1)}`,
    `/api/auth//${path.slice(1)}`,
    `/api/auth/${first}//${tail}`,
    `/api/auth/${first}/./${tail}`,
    `/api/auth/${first}/%2e/${tail}`,
    `/api/auth/${first!.toUpperCase()}/${tail}`,
    `/api/auth/${path.slice(1).replace(/[a-z]/, (c) => c.toUpperCase())}`,
    `/api/auth/${path.slice(1)}/`,
    `/api/auth/${path.slice(1)}/.`,
    `/api/auth/${first}%2f${tail}`,
    `/api/auth/${first}%2F${tail}`,
    `/api/auth/${path.slice(1).replace(/e/, '%65')}`,
    `/api/auth/${path.slice(1)};x`,
    `/api/auth/${path.slice(1)}%00`,
    `/api/auth/%2e%2e/auth/${path.slice(1)}`,
  ].filter((spelling) => spelling !== `/api/auth${path}`);
}

/** Random re-spellings: dot segments, encoded characters, doubled slashes and case, mixed. */
const generatedSpelling = (path: string) =>
  fc
    .array(fc.constantFrom('dot', 'dotdot', 'encoded-dot', 'double-slash', 'upper', 'percent', 'trailing'), {
      minLength: 1,
      maxLength: 3,
    })
    .map((tricks) => {
      let spelled = path.slice(1);
      for (const trick of tricks) {
        if (trick === 'dot') spelled = `./${spelled}`;
        if (trick === 'dotdot') spelled = `zz/../${spelled}`;
        if (trick === 'encoded-dot') spelled = `%2e/${spelled}`;
        if (trick === 'double-slash') spelled = spelled.replace('/', '//');
        if (trick === 'upper') spelled = spelled.replace(/[a-z]/, (c) => c.toUpperCase());
        if (trick === 'percent') spelled = spelled.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
        if (trick === 'trailing') spelled = `${spelled}/`;
      }
      return `/api/auth/${spelled}`;
    });

const post = (url: string, payload: object, remoteAddress = '10.30.0.1', host = DEMO_HOST) =>
  rawPost(url, payload, remoteAddress, host);

const mailsTo = (email: string) =>
  mail!.messages.filter((m) => JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase())).length;

describe(`identity paths in one spelling only (${testDbKind})`, () => {
  it('refuses every other spelling of the identity calls, so no limit or policy is skipped', async () => {
    const calls: Array<[string, object]> = [
      ['/sign-in/email', { email: 'buyer@demo.test', password: 'wrong-password-1' }],
      [
        '/sign-up/email',
        { email: `weak-${crypto.randomBytes(3).toString('hex')}@example.test`, password: 'aaaaaaaaaaaa', name: 'Weak' },
      ],
      ['/request-password-reset', { email: 'buyer@demo.test' }],
      ['/email-otp/send-verification-otp', { email: 'buyer@demo.test', type: 'sign-in' }],
      ['/reset-password', { token: 'x', newPassword: 'aaaaaaaaaaaa' }],
      ['/email-otp/reset-password', { email: 'buyer@demo.test', otp: '123456', password: 'aaaaaaaaaaaa' }],
      ['/one-time-token/verify', { token: 'x' }],
    ];
    const before = mail!.messages.length;
    for (const [path, payload] of calls) {
      for (const spelling of spellingsOf(path)) {
        const response = await post(spelling, payload, `10.30.1.${Math.floor(Math.random() * 250) + 1}`);
        expect([400, 404], `${spelling} → ${response.statusCode}`).toContain(response.statusCode);
        expect(response.headers['set-cookie'], spelling).toBeUndefined();
      }
    }
    const weak = await db.select().from(users).where(like(users.email, 'weak-%'));
    expect(weak).toEqual([]);
    expect(mail!.messages.length).toBe(before);
  });

  it('counts a password guess against the limit whatever spelling is tried in between (generated)', async () => {
    const email = `target-${crypto.randomBytes(3).toString('hex')}@example.test`;
    await fc.assert(
      fc.asyncProperty(generatedSpelling('/sign-in/email'), async (spelling) => {
        const response = await post(spelling, { email, password: 'guess-1234567' }, '10.30.2.1');
        // Refused before the provider, so it could neither guess nor escape the count.
        return [400, 404].includes(response.statusCode);
      }),
      { numRuns: 60 },
    );
    // The canonical path keeps its limit: ten guesses for one e-mail in fifteen minutes, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await post('/api/auth/sign-in/email', { email, password: `guess-${i}-abcdef` }, `10.30.3.${i + 1}`))
          .statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses a weak password on sign-up whatever the spelling (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(
        generatedSpelling('/sign-up/email'),
        fc.constantFrom('aaaaaaaaaaaa', 'short1', '111111111111'),
        async (spelling, password) => {
          const email = `gen-weak-${crypto.randomBytes(4).toString('hex')}@example.test`;
          const response = await post(
            spelling,
            { email, password, name: 'Gen' },
            `10.30.4.${Math.floor(Math.random() * 250) + 1}`,
          );
          const created = await db.select().from(users).where(eq(users.email, email));
          return response.statusCode >= 400 && response.statusCode < 500 && created.length === 0;
        },
      ),
      { numRuns: 40 },
    );
    const canonical = await post(
      '/api/auth/sign-up/email',
      { email: 'canon-weak@example.test', password: 'aaaaaaaaaaaa', name: 'C' },
      '10.30.5.1',
    );
    expect(canonical.statusCode).toBe(400);
    expect(canonical.json().error.details!.providerCode).toBe('auth/weak-password');
  });

  it('limits mail sending to one address across spellings: the sixth code in ten minutes is a 429', async () => {
    const email = 'buyer@harbour.test';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const url = i % 2 === 0 ? '/api/auth/email-otp/send-verification-otp' : '/api/auth/request-password-reset';
      statuses.push((await post(url, { email, type: 'sign-in' }, `10.30.6.${i + 1}`)).statusCode);
      // Every other spelling is refused and sends nothing.
      expect(
        (await post(`/api/auth/./${url.slice('/api/auth/'.length)}`, { email, type: 'sign-in' }, `10.30.7.${i + 1}`))
          .statusCode,
      ).toBe(404);
    }
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('keys limits on a bounded form of what was sent, so a huge e-mail is a 400 and no key outgrows its index', async () => {
    const response = await post(
      '/api/auth/sign-in/email',
      { email: `${'a'.repeat(5010)}@example.test`, password: 'x' },
      '10.30.8.1',
    );
    expect(response.statusCode).toBe(400);
    const keys = await db.select({ key: rateLimits.key }).from(rateLimits);
    expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThanOrEqual(120);
  });
});

describe(`links in mail come from the portal host, never the request (${testDbKind})`, () => {
  it('refuses a reset asked for on a foreign host, and sends nothing', async () => {
    const before = mailsTo('buyer@demo.test');
    for (const host of [
      'evil.example:3000',
      'evil.example',
      `demo.${TEST_PORTAL_HOST}.evil.example`,
      `demo.${TEST_PORTAL_HOST}@evil.example`,
    ]) {
      const response = await post('/api/auth/request-password-reset', { email: 'buyer@demo.test' }, '10.30.9.1', host);
      expect(response.statusCode, host).toBe(400);
      expect(response.json().error.details!.reason).toBe('unknown_host');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo('buyer@demo.test')).toBe(before);
  });

  it('builds the reset link on the project address even when the request came to an IP address, and refuses a foreign forwarded host', async () => {
    // A redirect to another site is refused outright.
    const evil = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', projectid: 'demo' },
      payload: { email: 'manager@demo.test', redirectTo: 'http://evil.example/steal' },
      remoteAddress: '10.30.10.1',
    });
    expect(evil.statusCode).toBe(403);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', projectid: 'demo' },
      payload: { email: 'manager@demo.test', redirectTo: '/my-account' },
      remoteAddress: '10.30.10.3',
    });
    expect(response.statusCode).toBe(200);
    // A forwarded host outside the portal is refused like a Host header would be.
    const forwarded = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { ...browserHeaders(), 'x-forwarded-host': 'evil.example' },
      payload: { email: 'manager@demo.test' },
      remoteAddress: '10.30.10.2',
    });
    expect(forwarded.statusCode).toBe(400);
    const message = await mail!.waitFor('manager@demo.test', /new password/);
    expect(linkIn(message, `${DEMO_ORIGIN}/my-account?mode=resetPassword&token=`)).toMatch(/token=/);
    expect(`${message.text}${message.html}`).not.toContain('evil.example');
    expect(`${message.text}${message.html}`).not.toContain('127.0.0.1');
  });

  it('builds access-code and sign-up links on the project address', async () => {
    const signUp = await post(
      '/api/auth/sign-up/email',
      { email: 'hostile-host@example.test', password: 'Good-password-2026', name: 'H' },
      '10.30.11.1',
    );
    expect(signUp.statusCode).toBe(200);
    const verification = await mail!.waitFor('hostile-host@example.test', /Confirm your e-mail/);
    expect(linkIn(verification, `${DEMO_ORIGIN}/my-account?mode=verifyEmail&token=`)).toBeTruthy();
    expect(TEST_DEMO_PASSWORD).toBeTruthy();
  });
});

describe(`signing in on the portal's bare IP address (${testDbKind})`, () => {
  const signInAt = (host: string, origin: string | undefined, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      // A browser sends the cookies it holds for the address (here one of an earlier visit).
      headers: { host, ...(origin ? { origin } : {}), 'content-type': 'application/json', cookie: 'decor.seen=1' },
      payload: { email: 'admin@demo.test', password: TEST_DEMO_PASSWORD },
      remoteAddress,
    });

  it('lets a page on an IP address sign in to that address, with a cookie of that address', async () => {
    for (const [host, remote] of [
      ['127.0.0.1:3000', '10.31.0.1'],
      ['[::1]:3000', '10.31.0.2'],
      ['192.168.1.20', '10.31.0.3'],
    ] as const) {
      const response = await signInAt(host, `http://${host}`, remote);
      expect(response.statusCode).toBe(200);
      const setCookie = ([] as string[]).concat(response.headers['set-cookie'] as string[]);
      expect(setCookie.length).toBeGreaterThan(0);
      // The portal's cookie domain would be refused by the browser on an IP address.
      for (const cookie of setCookie) expect(cookie).not.toMatch(/domain=/i);
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { host, cookie: cookiesOf(response) } });
      expect(me.statusCode).toBe(200);
      expect(me.json().isAdmin).toBe(true);
    }
    // On the portal's own hosts the cookie still spans the project subdomains.
    const onPortal = await signInAt(DEMO_HOST, DEMO_ORIGIN, '10.31.0.4');
    expect(
      ([] as string[])
        .concat(onPortal.headers['set-cookie'] as string[])
        .some((cookie) => /domain=\.?portal\.test/i.test(cookie)),
    ).toBe(true);
  });

  it('refuses a page of another origin calling the IP address', async () => {
    for (const [origin, remote] of [
      ['http://evil.example', '10.31.1.1'],
      ['http://10.0.0.5:3000', '10.31.1.2'],
      ['http://127.0.0.1:4000', '10.31.1.3'],
      ['null', '10.31.1.4'],
    ] as const) {
      const response = await signInAt('127.0.0.1:3000', origin, remote);
      expect({ origin, status: response.statusCode }).toEqual({ origin, status: 403 });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe(`sign-out revokes what it claims to (${testDbKind})`, () => {
  const signInFresh = async (remoteAddress: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: browserHeaders(),
      payload: { email: 'buyer@harbour.test', password: TEST_DEMO_PASSWORD, rememberMe: true },
      remoteAddress,
    });
    expect(response.statusCode).toBe(200);
    const cookie = cookiesOf(response);
    const token = (await app.inject({ method: 'GET', url: '/api/auth/token', headers: browserHeaders(cookie) })).json()
      .token as string;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    return { cookie, token };
  };
  const meWith = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/me', headers: { host: DEMO_HOST, ...headers } });

  it('ends the cookie and every access token of the session, with no Origin and no body at all', async () => {
    const { cookie, token } = await signInFresh('10.30.20.1');
    expect((await meWith({ cookie })).statusCode).toBe(200);
    expect((await meWith({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/me/sign-out', headers: { host: DEMO_HOST, cookie } });
    expect(out.statusCode).toBe(204);
    expect((await meWith({ cookie })).statusCode).toBe(401);
    expect((await meWith({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('signs out with only an access token, ending the session behind it', async () => {
    const { cookie, token } = await signInFresh('10.30.20.2');
    const out = await app.inject({
      method: 'POST',
      url: '/api/me/sign-out',
      headers: { host: DEMO_HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(204);
    expect((await meWith({ cookie })).statusCode).toBe(401);
    expect((await meWith({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('refuses an access token whose session was revoked elsewhere (another device signed it out)', async () => {
    const first = await signInFresh('10.30.20.3');
    const second = await signInFresh('10.30.20.4');
    const firstSession = (
      await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: browserHeaders(first.cookie) })
    ).json().session.token as string;
    const revoked = await app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: browserHeaders(second.cookie),
      payload: { token: firstSession },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await meWith({ authorization: `Bearer ${first.token}` })).statusCode).toBe(401);
    expect((await meWith({ authorization: `Bearer ${second.token}` })).statusCode).toBe(200);
  });
});
