import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, testDbKind } from './support/test-app.ts';
import { browserHeaders, cookiesOf, DEMO_ORIGIN } from './support/identity.ts';
import { CookieJar, OIDC_CLIENT, OIDC_PERSON, startOidcProvider } from './support/oidc-provider.ts';

const oidc = await startOidcProvider([`${DEMO_ORIGIN}/api/auth/callback/oidc`]);
afterAll(() => oidc.close());
const { app, db } = await createTestApp({
  env: { OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: OIDC_CLIENT.clientId, OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret },
});

/** Follows the provider's redirects (login, consent) until it sends the browser back to us. */
async function throughProvider(authorizationUrl: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(DEMO_ORIGIN)) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${response.status} ${await response.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the provider');
}

describe(`sign-in with an OpenID Connect provider (${testDbKind})`, () => {
  it('offers the provider on /api/env', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/env' })).json().features.oidcSignIn).toBe(true);
  });

  it('signs a person in through the provider and creates their account', async () => {
    const start = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: browserHeaders(),
      payload: { provider: 'oidc', callbackURL: '/configure' },
    });
    expect(start.statusCode).toBe(200);
    const stateCookies = cookiesOf(start);
    const { url } = start.json() as { url: string };
    expect(url.startsWith(oidc.issuer)).toBe(true);

    const callback = new URL(await throughProvider(url));
    expect(callback.pathname).toBe('/api/auth/callback/oidc');
    const finished = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: browserHeaders(stateCookies),
    });
    expect(finished.statusCode).toBe(302);
    expect(finished.headers.location).toContain('/configure');

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(cookiesOf(finished)) });
    expect(me.json()).toMatchObject({ email: OIDC_PERSON.email, emailVerified: true, termsAcceptedAt: null });
    const [person] = await db.select().from(users).where(eq(users.email, OIDC_PERSON.email));
    expect(person!.name).toBe(OIDC_PERSON.name);
  });

  it('refuses a callback with a forged state', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/callback/oidc?code=forged&state=forged',
      headers: browserHeaders(),
    });
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toMatch(/error/);
  });
});
