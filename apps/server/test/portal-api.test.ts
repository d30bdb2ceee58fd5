import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects } from '../src/db/schema/index.ts';
import { demoProject, harbourProject } from '../src/db/seed/demo-catalogue.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';

const { app, db } = await createTestApp();

const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const admin = await as('admin@demo.test');
const demoManager = await as('manager@demo.test');
const harbourManager = await as('manager@harbour.test');
const buyer = await as('buyer@demo.test');

const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));
const [harbour] = await db.select().from(projects).where(eq(projects.key, 'harbour'));

describe(`GET /api/env for each role (${testDbKind})`, () => {
  it('says isAdmin true to an admin only', async () => {
    const isAdmin = async (cookie?: string) =>
      (await app.inject({ method: 'GET', url: '/api/env', headers: browserHeaders(cookie) })).json().isAdmin;
    expect(await isAdmin(admin)).toBe(true);
    expect(await isAdmin(demoManager)).toBe(false);
    expect(await isAdmin(buyer)).toBe(false);
    expect(await isAdmin()).toBe(false);
  });
});

describe(`GET /api/me/projects (${testDbKind})`, () => {
  it("lists a person's projects with links to their subdomains", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me/projects', headers: browserHeaders(buyer) });
    expect(response.json()).toEqual([
      {
        _id: demo!.id,
        key: 'demo',
        name: demoProject.name,
        role: 'purchaser',
        url: `http://demo.${TEST_PORTAL_HOST}/`,
      },
    ]);
  });

  it('lists every project for an admin', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me/projects', headers: browserHeaders(admin) });
    expect((response.json() as Array<{ key: string }>).map((p) => p.key).sort()).toEqual(['demo', 'harbour']);
  });

  it('is 401 for a visitor', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/me/projects', headers: browserHeaders() })).statusCode).toBe(
      401,
    );
  });
});

describe(`GET /api/users/firebase/{id} (${testDbKind})`, () => {
  const idOf = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(cookie) })).json()._id as string;

  it('gives a person their own record with memberships', async () => {
    const id = await idOf(buyer);
    const response = await app.inject({
      method: 'GET',
      url: `/api/users/firebase/${id}`,
      headers: browserHeaders(buyer),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: id,
      email: 'buyer@demo.test',
      memberships: [{ projectKey: 'demo', role: 'purchaser' }],
    });
  });

  it("refuses someone else's record, except to an admin", async () => {
    const managerId = await idOf(demoManager);
    expect(
      (await app.inject({ method: 'GET', url: `/api/users/firebase/${managerId}`, headers: browserHeaders(buyer) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/users/firebase/${managerId}`, headers: browserHeaders(admin) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/users/firebase/${managerId}`, headers: browserHeaders() }))
        .statusCode,
    ).toBe(401);
  });

  it('is a 404 for an unknown id (admin)', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/firebase/nobody', headers: browserHeaders(admin) }))
        .statusCode,
    ).toBe(404);
  });
});

describe(`GET /api/deploys (${testDbKind})`, () => {
  it('lists deploys with their projects to admins', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/deploys', headers: browserHeaders(admin) });
    expect(response.statusCode).toBe(200);
    const [deploy] = response.json();
    expect(deploy).toMatchObject({ type: 'development', host: TEST_PORTAL_HOST });
    expect(deploy.projects).toEqual(
      expect.arrayContaining([
        { _id: demo!.id, key: 'demo', fullKey: `demo.${TEST_PORTAL_HOST}`, name: demoProject.name },
        { _id: harbour!.id, key: 'harbour', fullKey: `harbour.${TEST_PORTAL_HOST}`, name: harbourProject.name },
      ]),
    );
  });

  it('refuses managers, buyers (403) and visitors (401)', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/deploys', headers: browserHeaders(demoManager) })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/deploys', headers: browserHeaders(buyer) })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'GET', url: '/api/deploys', headers: browserHeaders() })).statusCode).toBe(401);
  });
});

describe(`PATCH /api/projects/{id} (${testDbKind})`, () => {
  const patch = (cookie: string | undefined, id: string, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: `/api/projects/${id}`,
      headers: browserHeaders(cookie),
      payload: payload as object,
    });

  it("lets the project's manager change name, theme and options, merging what is there", async () => {
    const response = await patch(demoManager, demo!.id, {
      name: 'Maple Residences II',
      theme: { primary: '#224466' },
      options: { tagline: 'New' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Maple Residences II',
      theme: { primary: '#224466', logoBg: demoProject.theme.logoBg, secondary: demoProject.theme.secondary },
      options: { tagline: 'New', locale: 'en-CA', termsOfService: demoProject.options.termsOfService },
    });
  });

  it('lets an admin change any project', async () => {
    const response = await patch(admin, harbour!.id, { currency: 'CAD' });
    expect(response.statusCode).toBe(200);
    expect(response.json().currency).toBe('CAD');
  });

  it("refuses another project's manager and buyers, and changes nothing", async () => {
    expect((await patch(harbourManager, demo!.id, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await patch(buyer, demo!.id, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await patch(undefined, demo!.id, { name: 'Hijacked' })).statusCode).toBe(401);
    const [row] = await db.select().from(projects).where(eq(projects.id, demo!.id));
    expect(row!.name).toBe('Maple Residences II');
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    for (const payload of [
      { currency: 'dollars' },
      { theme: { primary: 'green' } },
      { key: 'stolen' },
      { name: '' },
      { features: { x: 'yes' } },
    ]) {
      const response = await patch(admin, demo!.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('bad_request');
    }
    const [row] = await db.select().from(projects).where(eq(projects.id, demo!.id));
    expect(row!.currency).toBe('CAD');
  });

  it('refuses a save made on an older version with 409 and the current settings, and changes nothing', async () => {
    const current = (await patch(demoManager, demo!.id, { options: { tagline: 'Read' } })).json();
    expect(current._version).toBeGreaterThan(1);
    const first = await patch(demoManager, demo!.id, { options: { tagline: 'First' }, _version: current._version });
    expect(first.statusCode).toBe(200);
    expect(first.json()._version).toBe(current._version + 1);
    const stale = await patch(admin, demo!.id, { options: { tagline: 'Second' }, _version: current._version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.current.options.tagline).toBe('First');
    const [row] = await db.select().from(projects).where(eq(projects.id, demo!.id));
    expect(row!.options.tagline).toBe('First');
  });

  it('keeps the design centre contact, the default deadline and a real locale, and refuses the rest', async () => {
    const contact = {
      name: 'Maple Design Centre',
      email: 'design@maple.example',
      phone: '+1 604 555 0100',
      hours: 'Mon–Fri 9–5',
    };
    const saved = await patch(demoManager, demo!.id, {
      options: { contact, defaultDeadlineDays: 45, locale: 'fr-CA' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().options).toMatchObject({ contact, defaultDeadlineDays: 45, locale: 'fr-CA' });
    for (const options of [
      { locale: 'not a locale!' },
      { contact: { email: 'nope' } },
      { defaultDeadlineDays: 0 },
      { contact: { name: 'x', extra: 1 } },
    ]) {
      expect((await patch(demoManager, demo!.id, { options })).statusCode, JSON.stringify(options)).toBe(400);
    }
    await patch(demoManager, demo!.id, { options: { locale: 'en-CA' } });
  });

  it('answers 404 for an unknown project and 400 for a malformed id', async () => {
    expect((await patch(admin, '01900000-0000-7000-8000-000000000000', { name: 'X' })).statusCode).toBe(404);
    expect((await patch(admin, 'not-a-uuid', { name: 'X' })).statusCode).toBe(400);
  });
});

describe(`OpenAPI (${testDbKind})`, () => {
  it('describes every portal, identity and decor route', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const route of [
      'GET /api/env',
      'GET /api/me',
      'POST /api/me/accept-terms',
      'POST /api/me/sign-out',
      'GET /api/users/firebase/{id}',
      'POST /api/access-codes/consume/{code}',
      'GET /api/deploys',
      'PATCH /api/projects/{id}',
      'GET /api/project',
      'GET /api/schema/',
      'GET /api/schema/$ui',
      'GET /api/schema/{collection}/$',
      'GET /api/schema/{collection}/',
      'GET /api/schema/{collection}/{id}',
      'POST /api/schema/{collection}/',
      'PATCH /api/schema/{collection}/{id}',
      'DELETE /api/schema/{collection}/{id}',
      'POST /api/files',
      'GET /api/files/{id}',
      'POST /api/auth/{*}',
    ]) {
      expect(routes, route).toContain(route);
    }
  });

  it('serves the interactive reference script and styles from our own origin', async () => {
    const script = await app.inject({ method: 'GET', url: '/api/reference/script.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('SwaggerUIBundle');
    const style = await app.inject({ method: 'GET', url: '/api/reference/style.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toContain('text/css');
    expect(style.body).toContain('.swagger-ui');
  });
});
