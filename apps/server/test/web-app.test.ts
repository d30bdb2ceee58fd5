import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';

const { app } = await createTestApp();

describe(`serving the web app (${testDbKind})`, () => {
  it('serves index.html for any page path, with the portal host and no caching', async () => {
    for (const url of ['/', '/configure', '/manage/models/options/123', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url, headers: onProject('demo') });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).toContain(`<meta name="portal-host" content="${TEST_PORTAL_HOST}">`);
    }
    // The portal's own host has no project: the plain page.
    expect((await app.inject({ method: 'GET', url: '/', headers: { host: TEST_PORTAL_HOST } })).body).toContain(
      '<div id="root"></div>',
    );
  });

  it('tells the app who the page is for: a visitor, or the signed-in person as GET /api/me answers', async () => {
    const viewerIn = (body: string) =>
      JSON.parse(/<script type="application\/json" id="viewer-data">(.*?)<\/script>/.exec(body)![1]!);
    for (const headers of [
      onProject('demo'),
      { host: TEST_PORTAL_HOST },
      { ...onProject('demo'), cookie: 'theme=dark' },
    ]) {
      expect(viewerIn((await app.inject({ method: 'GET', url: '/sign-in', headers })).body)).toEqual({
        signedIn: false,
      });
    }
    // Credentials that are no session (expired, made up, signed out elsewhere): a visitor's page.
    for (const credentials of [
      { cookie: 'better-auth.session_token=abc.def' },
      { cookie: '__Secure-better-auth.session_token=abc' },
      { authorization: 'Bearer abc' },
    ]) {
      const body = (await app.inject({ method: 'GET', url: '/', headers: { ...onProject('demo'), ...credentials } }))
        .body;
      expect(viewerIn(body)).toEqual({ signedIn: false });
      expect(body).toContain('<title>Maple Residences</title>');
    }
    // A real session: the person, exactly as the API says, so the app asks nothing before its first screen.
    const { cookie } = await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD);
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(cookie) })).json();
    const page = await app.inject({ method: 'GET', url: '/configure', headers: browserHeaders(cookie) });
    expect(viewerIn(page.body)).toEqual({ signedIn: true, me });
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('Cookie');
  });

  it('gives a project page its name, colours, description and a loading shell that is already the builder’s, with the project itself', async () => {
    const response = await app.inject({ method: 'GET', url: '/configure', headers: onProject('demo') });
    const body = response.body;
    expect(body).toContain('<title>Maple Residences</title>');
    expect(body).not.toContain('<title>Decor</title>');
    expect(body).toMatch(/<meta name="description" content="[^"]+">/);
    const project = (await app.inject({ method: 'GET', url: '/api/project', headers: onProject('demo') })).json() as {
      theme: { primary: string; logoBg: string };
      name: string;
    };
    expect(body).toContain(`<meta name="theme-color" content="${project.theme.primary}">`);
    expect(body).toContain(`background:${project.theme.logoBg}`);
    expect(body).toMatch(
      /<div id="root"><div id="brand-shell"><header>(<img[^>]+>|<span>Maple Residences<\/span>)<\/header><main><h1>[^<]+<\/h1><p role="status"><i><\/i>Loading Maple Residences…<\/p><\/main>/,
    );
    const embedded = /<script type="application\/json" id="project-data">(.*?)<\/script>/.exec(body)![1]!;
    expect(JSON.parse(embedded)).toEqual(project);
    // Harbour is its own brand.
    expect((await app.inject({ method: 'GET', url: '/', headers: onProject('harbour') })).body).toContain(
      '<title>Harbour Lofts</title>',
    );
  });

  it('keeps a project’s words from breaking out of the page', async () => {
    const { brandedIndex } = await import('../src/plugins/web-app.ts');
    const project = (await app.inject({ method: 'GET', url: '/api/project', headers: onProject('demo') })).json();
    const html = brandedIndex('<html><head><title>x</title></head><body><div id="root"></div></body></html>', {
      ...project,
      name: '</script><script>alert(1)</script>"><b>',
      options: { ...project.options, tagline: '"><img src=x onerror=alert(1)>' },
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;b&gt;');
    const embedded = /<script type="application\/json" id="project-data">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(embedded).name).toBe('</script><script>alert(1)</script>"><b>');
    // What a person typed, carried in the page's answers (a cart's notes, say), stays data too.
    const { withAnswers } = await import('../src/plugins/web-app.ts');
    const notes = '</script><script>alert(2)</script><!--';
    const page = withAnswers(html, { '/api/schema/carts/x': { notes } });
    expect(page).not.toContain('<script>alert(2)');
    expect(page).not.toContain('<!--');
    expect(JSON.parse(/id="page-answers">(.*?)<\/script><\/body>/.exec(page)![1]!)).toEqual({
      '/api/schema/carts/x': { notes },
    });
  });

  it('carries a signed-in person’s first reads, exactly as the API answers them to that person, and nothing for anyone else', async () => {
    const answersIn = (body: string) => {
      const found = /<script type="application\/json" id="page-answers">(.*?)<\/script><\/body>/.exec(body);
      return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
    };
    const { cookie } = await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD);
    const asBuyer = async (url: string, host?: string) =>
      (await app.inject({ method: 'GET', url, headers: browserHeaders(cookie, host) })).json();
    const mine = (await asBuyer('/api/carts/mine')) as Array<{ _id: string }>;
    const catalogue = ['categories', 'options', 'packages'].map((c) => `/api/schema/${c}/?limit=200`);

    // The buyer's pages of a cart: the cart, the catalogue, the person's projects and carts.
    for (const url of ['/configure', '/config', `/config/${mine[0]!._id}`, '/explore?room=x']) {
      const answers = answersIn((await app.inject({ method: 'GET', url, headers: browserHeaders(cookie) })).body)!;
      const expected = ['/api/me/projects', '/api/carts/mine', ...catalogue, `/api/schema/carts/${mine[0]!._id}`];
      expect(Object.keys(answers).sort(), url).toEqual(expected.sort());
      for (const path of expected) expect(answers[path], `${url} ${path}`).toEqual(await asBuyer(path));
    }
    // Other pages: only what every page reads first.
    expect(
      Object.keys(
        answersIn((await app.inject({ method: 'GET', url: '/', headers: browserHeaders(cookie) })).body)!,
      ).sort(),
    ).toEqual(['/api/carts/mine', '/api/me/projects']);

    // Another project's subdomain: what the API refuses this person (their carts there) is not carried.
    const harbourHost = onProject('harbour').host;
    expect(
      (await app.inject({ method: 'GET', url: '/api/carts/mine', headers: browserHeaders(cookie, harbourHost) }))
        .statusCode,
    ).toBe(403);
    const elsewhere =
      answersIn(
        (await app.inject({ method: 'GET', url: '/configure', headers: browserHeaders(cookie, harbourHost) })).body,
      ) ?? {};
    expect(Object.keys(elsewhere)).not.toContain('/api/carts/mine');
    expect(Object.keys(elsewhere).some((path) => path.startsWith('/api/schema/carts/'))).toBe(false);
    // Someone else's cart in the address: refused by the API, so not carried.
    const { cookie: other } = await signIn(app, 'sofia.martin@demo.test', TEST_DEMO_PASSWORD);
    const [theirs] = (
      await app.inject({ method: 'GET', url: '/api/carts/mine', headers: browserHeaders(other) })
    ).json() as Array<{ _id: string }>;
    const snooped = answersIn(
      (await app.inject({ method: 'GET', url: `/config/${theirs!._id}`, headers: browserHeaders(cookie) })).body,
    )!;
    expect(Object.keys(snooped)).not.toContain(`/api/schema/carts/${theirs!._id}`);

    // Visitors and credentials that are no session: nothing.
    for (const headers of [onProject('demo'), { ...onProject('demo'), cookie: 'decor.session_token=made.up' }]) {
      expect(answersIn((await app.inject({ method: 'GET', url: '/configure', headers })).body)).toBeNull();
    }
  });

  it('answers a subdomain that is no project with a plain 404 page that says so', async () => {
    const response = await app.inject({ method: 'GET', url: '/sign-in', headers: onProject('nosuchproject') });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>No such project</h1>');
    expect(response.body).toContain(`nosuchproject.${TEST_PORTAL_HOST}`);
    expect(response.body).not.toContain('id="root"');
  });

  it('names in the page the files its route will load, for the reader it is sent to, each once', async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map(
        ([, rel, href]) => `${rel} ${href}`,
      );
    const { cookie } = await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD);
    const page = async (url: string, headers: Record<string, string>) =>
      preloads((await app.inject({ method: 'GET', url, headers })).body);
    // A buyer's /configure: the route's files, its styles as a style preload, the sentences of the
    // page's language (its files name the formatter) and what a signed-in page asks for at once;
    // the framework the page names already is not named twice.
    expect(await page('/configure?room=kitchen', browserHeaders(cookie))).toEqual([
      'modulepreload /assets/framework-f1.js',
      'modulepreload /assets/_user-u1.js',
      'modulepreload /assets/configure-c1.js',
      'preload /assets/configure-c1.css',
      'modulepreload /assets/i18n-t1.js',
      'modulepreload /assets/warm-up-w1.js',
      'modulepreload /assets/en-e1.js',
    ]);
    // A visitor there is shown the sign-in page: its files, not the buyer's.
    expect(await page('/configure', onProject('demo'))).toEqual([
      'modulepreload /assets/framework-f1.js',
      'modulepreload /assets/sign-in-a1.js',
    ]);
    // A French reader: the first page's French part; the inquiry form (which reads every sentence) in French.
    const french = { ...onProject('demo'), 'accept-language': 'fr-CA,fr;q=0.9' };
    expect(await page('/sign-in', french)).toContain('modulepreload /assets/first-page-p1.js');
    expect(await page('/inquire/abc', french)).toEqual([
      'modulepreload /assets/framework-f1.js',
      'modulepreload /assets/inquire-q1.js',
      'modulepreload /assets/i18n-t1.js',
      'modulepreload /assets/fr-CA-r1.js',
    ]);
    // The back office says the staff's sentences too; a buyer's page (above) never loads them.
    const manager = await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD);
    expect(await page('/manage/reports', browserHeaders(manager.cookie))).toEqual([
      'modulepreload /assets/framework-f1.js',
      'modulepreload /assets/reports-m1.js',
      'modulepreload /assets/i18n-t1.js',
      'modulepreload /assets/warm-up-w1.js',
      'modulepreload /assets/en-e1.js',
      'modulepreload /assets/app-staff-s1.js',
    ]);
    // No such page: nothing more than the entry's own.
    expect(await page('/no-such-page', onProject('demo'))).toEqual(['modulepreload /assets/framework-f1.js']);
  });

  it('serves hashed assets with a year of caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app")');
  });

  it('sends the precompressed file to a browser that accepts it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("app")');
  });

  it('never answers an API path with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers a POST to a page path with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/configure' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe(`security headers (${testDbKind})`, () => {
  it('sets a content security policy and the usual protections on pages and API', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await app.inject({ method: 'GET', url, headers: onProject('demo') });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      // Scripts from our origin only: no string evaluated, no WebAssembly compiled.
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it("gives the texture transcoder's worker a policy of its own: strings and WebAssembly compiled, nothing fetched", async () => {
    const policyOf = async (url: string) =>
      String((await app.inject({ method: 'GET', url, headers: onProject('demo') })).headers['content-security-policy']);
    const worker = await policyOf('/assets/basis-r187/ktx2-worker.js');
    expect(worker).toBe("default-src 'none'; script-src 'unsafe-eval' 'wasm-unsafe-eval'");
    // Every other file and page keeps the page's policy, which evaluates no string.
    for (const url of ['/assets/basis-r187/ktx2-worker.js.map', '/assets/ktx2-worker.js', '/explore', '/api/health'])
      expect(await policyOf(url), url).not.toContain('unsafe-eval');
  });

  it("names no third party in the policy unless an analytics provider is configured, and then only that provider's hosts", async () => {
    const plain = String(
      (await app.inject({ method: 'GET', url: '/', headers: onProject('demo') })).headers['content-security-policy'],
    );
    expect(plain).not.toMatch(/hotjar|google/);
    const { app: withRecording } = await createTestApp({ env: { SESSION_RECORDING_ID: '3512345' }, seed: false });
    const recording = String(
      (await withRecording.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(recording).toContain('https://static.hotjar.com');
    expect(recording).not.toContain('googletagmanager');
    await withRecording.close();
    const { app: withAnalytics } = await createTestApp({ env: { ANALYTICS_ID: 'G-ABC123DEF4' }, seed: false });
    const analytics = String(
      (await withAnalytics.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(analytics).toContain('https://www.googletagmanager.com');
    expect(analytics).not.toContain('hotjar');
    // The embed widget never runs analytics: its policy names no provider.
    expect(
      String((await withAnalytics.inject({ method: 'GET', url: '/embed' })).headers['content-security-policy']),
    ).not.toContain('google');
    await withAnalytics.close();
  });

  it('lets other sites frame /embed only', async () => {
    const response = await app.inject({ method: 'GET', url: '/embed', headers: onProject('demo') });
    expect(String(response.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});
