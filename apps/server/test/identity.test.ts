import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, cookiesOf, DEMO_ORIGIN, signIn, signUp } from './support/identity.ts';
import { linkIn } from './support/mail-catcher.ts';

const { app, mail } = await createTestApp({ withMail: true });
const mailbox = mail!;
const PASSWORD = 'Str0ng-enough-password';

const me = (cookie?: string, extra: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/me', headers: { ...browserHeaders(cookie), ...extra } });

/** A session of a new, unverified account: what an access code for a new address gives. */
async function unverifiedSession(email: string) {
  const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.40' })).cookie;
  const { code } = (
    await app.inject({ method: 'POST', url: '/api/access-codes', headers: browserHeaders(manager), payload: { email } })
  ).json();
  const { token } = (
    await app.inject({
      method: 'POST',
      url: `/api/access-codes/consume/${code}`,
      headers: browserHeaders(),
      payload: {},
    })
  ).json();
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/one-time-token/verify',
    headers: browserHeaders(),
    payload: { token },
  });
  return cookiesOf(verified);
}

describe(`sign-up to signed-in (${testDbKind})`, () => {
  const email = 'newcomer@example.test';
  let cookie = '';

  it('creates the account without signing in, and answers a taken address exactly alike', async () => {
    const response = await signUp(app, email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(cookiesOf(response)).not.toContain('session_token=');
    expect(response.json()).toMatchObject({ token: null, user: { email, emailVerified: false } });

    const taken = await signUp(app, 'buyer@demo.test', PASSWORD, '127.0.0.41');
    expect(taken.statusCode).toBe(200);
    expect(cookiesOf(taken)).not.toContain('session_token=');
    expect(Object.keys(taken.json().user).sort()).toEqual(Object.keys(response.json().user).sort());
    expect(taken.json()).toMatchObject({ token: null, user: { email: 'buyer@demo.test', emailVerified: false } });
    // The owner is told instead, and nothing of theirs changed.
    const notice = await mailbox.waitFor('buyer@demo.test', /tried to create an account/);
    expect(linkIn(notice, `${DEMO_ORIGIN}/sign-in`)).toBeTruthy();
    expect(
      (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.42' })).response.statusCode,
    ).toBe(200);
  });

  it('mails a verification link to the project subdomain, in text and HTML, with the project name', async () => {
    const message = await mailbox.waitFor(email, /Confirm your e-mail/);
    expect(message.subject).toContain('Maple Residences');
    expect(message.text).toContain('Maple Residences');
    expect(message.html).toContain('Maple Residences');
    expect(linkIn(message, `${DEMO_ORIGIN}/my-account?mode=verifyEmail&token=`)).toMatch(/token=[\w.-]+/);
  });

  it('answers a right password on an unverified account exactly as a wrong one', async () => {
    const attempt = (password: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: browserHeaders(),
        payload: { email, password },
        remoteAddress,
      });
    const right = await attempt(PASSWORD, '127.0.0.43');
    const wrong = await attempt('Not-the-password-9', '127.0.0.44');
    expect(right.statusCode).toBe(401);
    expect(right.body).toBe(wrong.body);
    expect(cookiesOf(right)).not.toContain('session_token=');
  });

  it('holds an unverified person at the gate: 403 email_not_verified beyond onboarding routes', async () => {
    const unverified = await unverifiedSession('gate@example.test');
    expect((await me(unverified)).json()).toMatchObject({ email: 'gate@example.test', emailVerified: false });
    const blocked = await app.inject({ method: 'GET', url: '/api/me/projects', headers: browserHeaders(unverified) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('email_not_verified');
    for (const url of ['/api/me', '/api/project', '/api/env']) {
      expect((await app.inject({ method: 'GET', url, headers: browserHeaders(unverified) })).statusCode).toBe(200);
    }
  });

  it('verifies the e-mail with the mailed token, which signs the person in, then asks for the terms', async () => {
    const message = await mailbox.waitFor(email, /Confirm your e-mail/);
    const token = new URL(linkIn(message, `${DEMO_ORIGIN}/my-account`)).searchParams.get('token')!;
    const verified = await app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      headers: browserHeaders(),
    });
    expect(verified.statusCode).toBe(200);
    cookie = cookiesOf(verified);
    expect(cookie).toContain('session_token=');
    expect((await me(cookie)).json()).toMatchObject({
      email,
      emailVerified: true,
      isAdmin: false,
      termsAcceptedAt: null,
    });
    const blocked = await app.inject({ method: 'GET', url: '/api/me/projects', headers: browserHeaders(cookie) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('terms_not_accepted');
  });

  it('refuses a used or forged verification token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=forged',
      headers: browserHeaders(),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().error.details.providerCode).toBe('auth/invalid-action-code');
  });

  it('records a rejection of the terms and keeps the gate shut', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/accept-terms',
      headers: browserHeaders(cookie),
      payload: { reject: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().termsAcceptedAt).toBeNull();
    expect(
      (await app.inject({ method: 'GET', url: '/api/me/projects', headers: browserHeaders(cookie) })).statusCode,
    ).toBe(403);
  });

  it('opens the gate once the terms are accepted', async () => {
    const before = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/accept-terms',
      headers: browserHeaders(cookie),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(Date.parse(response.json().termsAcceptedAt)).toBeGreaterThanOrEqual(before - 1000);
    const projects = await app.inject({ method: 'GET', url: '/api/me/projects', headers: browserHeaders(cookie) });
    expect(projects.statusCode).toBe(200);
    expect(projects.json()).toEqual([]);
  });

  it('refuses unknown fields in accept-terms', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/accept-terms',
      headers: browserHeaders(cookie),
      payload: { reject: 'yes' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('revokes the session on sign-out: the old cookie no longer works', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/sign-out',
      headers: browserHeaders(cookie),
      payload: {},
    });
    expect(response.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe(`resending the verification (${testDbKind})`, () => {
  it("says 'No user' to a visitor", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/resend-verification',
      headers: browserHeaders(),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('No user');
  });

  it("says 'Email already verified' to a verified person", async () => {
    const { cookie } = await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD);
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/resend-verification',
      headers: browserHeaders(cookie),
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Email already verified');
  });

  it('sends a fresh link to an unverified person', async () => {
    const email = 'resend@example.test';
    const cookie = await unverifiedSession(email);
    await mailbox.waitFor(email);
    const count = mailbox.messages.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/resend-verification',
      headers: browserHeaders(cookie),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => mailbox.messages.length).toBe(count + 1);
  });

  it('limits resending like every other code or link: the sixth mail to one address in ten minutes is a 429', async () => {
    const email = 'resend-flood@example.test';
    const cookie = await unverifiedSession(email);
    const statuses: number[] = [];
    // The access code's own verification mail counts as none of these; five more go out, then no more.
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/me/resend-verification',
            headers: browserHeaders(cookie),
            payload: {},
            remoteAddress: `127.0.9.${i + 1}`,
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe(`sign-in errors use the provider codes of docs/api.md (${testDbKind})`, () => {
  it('a wrong password is auth/wrong-password, JSON, 401', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: browserHeaders(),
      payload: { email: 'buyer@demo.test', password: 'not-the-password-1' },
      remoteAddress: '127.0.0.5',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({
      code: 'unauthenticated',
      details: { providerCode: 'auth/wrong-password' },
    });
  });

  it('a weak password is refused at sign-up with the policy', async () => {
    const response = await signUp(app, 'weak@example.test', 'short', '127.0.0.6');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toMatchObject({
      providerCode: 'auth/weak-password',
      policy: { minLength: 8 },
    });
    const letters = await signUp(app, 'weak@example.test', 'onlyletters', '127.0.0.6');
    expect(letters.json().error.details.problems).toEqual(['digit']);
    expect(letters.json().error.message).toBe('The password needs at least one digit.');
    // Said in the reader's language from codes, never from English fragments (docs/languages.md).
    const french = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { ...browserHeaders(), 'accept-language': 'fr-CA' },
      remoteAddress: '127.0.0.6',
      payload: { email: 'faible@example.test', password: 'abc', name: 'Faible' },
    });
    expect(french.json().error).toMatchObject({
      key: 'identity.password-needs',
      params: { rule: 'short', others: 1, min: 8 },
    });
    expect(french.json().error.message).toBe('Le mot de passe doit avoir au moins 8 caractères (et une autre règle).');
  });

  it('serves the password policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/password-policy' });
    expect(response.json()).toEqual({ minLength: 8, maxLength: 128, requiresLetter: true, requiresDigit: true });
  });
});

describe(`password reset and one-time codes (${testDbKind})`, () => {
  it('resets a password through the mailed link', async () => {
    const email = 'olivia.chen@demo.test';
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: browserHeaders(),
      payload: { email, redirectTo: '/my-account' },
      remoteAddress: '127.0.0.8',
    });
    expect(asked.statusCode).toBe(200);
    const message = await mailbox.waitFor(email, /new password/);
    const token = new URL(linkIn(message, `${DEMO_ORIGIN}/my-account?mode=resetPassword`)).searchParams.get('token')!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: browserHeaders(),
      payload: { token, newPassword: 'A-brand-new-passw0rd' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(app, email, 'A-brand-new-passw0rd')).resolves.toBeTruthy();
    await expect(signIn(app, email, TEST_DEMO_PASSWORD)).rejects.toThrow(/401/);
  });

  it('signs in with a one-time code sent by e-mail', async () => {
    const email = 'hannah.lee@demo.test';
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/send-verification-otp',
      headers: browserHeaders(),
      payload: { email, type: 'sign-in' },
      remoteAddress: '127.0.0.9',
    });
    expect(sent.statusCode).toBe(200);
    const message = await mailbox.waitFor(email, /sign-in code/);
    const code = /\b(\d{6})\b/.exec(message.text ?? '')![1]!;
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email-otp',
      headers: browserHeaders(),
      payload: { email, otp: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.json().error.details.providerCode).toBe('auth/invalid-action-code');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email-otp',
      headers: browserHeaders(),
      payload: { email, otp: code },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(cookiesOf(response))).json().email).toBe(email);
  });
});

describe(`access tokens (${testDbKind})`, () => {
  it('issues a JWT that the JWKS verifies and the API accepts as a bearer token', async () => {
    const { cookie } = await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD);
    const tokenResponse = await app.inject({ method: 'GET', url: '/api/auth/token', headers: browserHeaders(cookie) });
    expect(tokenResponse.statusCode).toBe(200);
    const { token } = tokenResponse.json() as { token: string };
    const jwks = (await app.inject({ method: 'GET', url: '/api/auth/jwks' })).json();
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload.email).toBe('manager@demo.test');
    const viaBearer = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json().email).toBe('manager@demo.test');
  });

  it('ignores a forged bearer token', async () => {
    const forged = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${forged}` } })).statusCode,
    ).toBe(401);
  });

  it('lists and revokes sessions', async () => {
    const first = await signIn(app, 'sofia.martin@demo.test', TEST_DEMO_PASSWORD);
    const second = await signIn(app, 'sofia.martin@demo.test', TEST_DEMO_PASSWORD);
    const list = await app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      headers: browserHeaders(first.cookie),
    });
    const sessions = list.json() as Array<{ token: string }>;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const secondToken = decodeURIComponent(second.cookie.split('decor.session_token=')[1]!.split(';')[0]!).split(
      '.',
    )[0];
    const revoke = await app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: browserHeaders(first.cookie),
      payload: { token: secondToken },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await me(second.cookie)).statusCode).toBe(401);
    expect((await me(first.cookie)).statusCode).toBe(200);
  });
});

describe(`rate limits (${testDbKind})`, () => {
  it('refuses the 11th sign-up from one address in ten minutes with a JSON 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await signUp(app, `burst${i}@example.test`, PASSWORD, '10.9.9.9');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error.code).toBe('rate_limited');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits failed sign-ins per e-mail address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: browserHeaders(),
        payload: { email: 'daniel.okafor@demo.test', password: `wrong-guess-${i}` },
        remoteAddress: `10.8.8.${i}`,
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe(`cookies and cross-site requests (${testDbKind})`, () => {
  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const { response } = await signIn(app, 'marcus.reid@demo.test', TEST_DEMO_PASSWORD);
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] as string[] | string);
    const session = setCookie.find((c) => c.startsWith('decor.session_token='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it('refuses a state-changing call from another site, even with the cookie', async () => {
    const { cookie } = await signIn(app, 'marcus.reid@demo.test', TEST_DEMO_PASSWORD);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { host: 'demo.portal.test', origin: 'https://evil.example', cookie },
      payload: { currentPassword: TEST_DEMO_PASSWORD, newPassword: 'Hijacked-passw0rd' },
    });
    expect(response.statusCode).toBe(403);
    await expect(signIn(app, 'marcus.reid@demo.test', TEST_DEMO_PASSWORD)).resolves.toBeTruthy();
  });
});

describe(`the session cookie fast path (${testDbKind})`, () => {
  it('reads the session token from a signed cookie and refuses a tampered one', async () => {
    const { sessionTokenFromCookie } = await import('../src/plugins/actor.ts');
    const { TEST_AUTH_SECRET } = await import('./support/test-app.ts');
    const { cookie } = await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD);
    const token = sessionTokenFromCookie(cookie, TEST_AUTH_SECRET);
    expect(token).toMatch(/^[\w-]{20,}$/);
    const tampered = cookie.replace(/decor\.session_token=([^.]+)/, 'decor.session_token=$1x');
    expect(sessionTokenFromCookie(tampered, TEST_AUTH_SECRET)).toBeNull();
    expect(sessionTokenFromCookie(cookie, 'another-secret-another-secret-123')).toBeNull();
    expect((await me(tampered)).statusCode).toBe(401);
  });

  it('remembers a signature it found valid, and still refuses every other one (another token, another signature, another secret)', async () => {
    const { sessionTokenReader } = await import('../src/plugins/actor.ts');
    const { TEST_AUTH_SECRET } = await import('./support/test-app.ts');
    const { cookie } = await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD);
    const read = sessionTokenReader(TEST_AUTH_SECRET);
    const token = read(cookie);
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(read(cookie)).toBe(token);
    const value = decodeURIComponent(/decor\.session_token=([^;]+)/.exec(cookie)![1]!);
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const withValue = (changed: string) => `decor.session_token=${encodeURIComponent(changed)}`;
    // The same token under a signature of one character changed, and another token under the remembered signature.
    const otherSignature = `${signature.slice(0, 4)}${signature[4] === 'A' ? 'B' : 'A'}${signature.slice(5)}`;
    expect(read(withValue(`${token}.${otherSignature}`))).toBeNull();
    expect(read(withValue(`${token}x.${signature}`))).toBeNull();
    expect(sessionTokenReader('another-secret-another-secret-123')(cookie)).toBeNull();
    expect(read(cookie)).toBe(token);
  });
});
