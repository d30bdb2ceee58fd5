import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { displays } from '../src/db/schema/index.ts';
import { formatClaimCode, type DisplayRow } from '@decor/core';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { addressSequence, browserHeaders, signIn } from './support/identity.ts';

/** Sales-centre screens (docs/displays.md): registering, claiming, running them. */
const { app, db } = await createTestApp();
const nextAddress = addressSequence('10.30');
const admin = (await signIn(app, 'admin@demo.test', TEST_DEMO_PASSWORD)).cookie;
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.6' })).cookie;
const harbourManager = (await signIn(app, 'manager@harbour.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.7' }))
  .cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.8' })).cookie;

const register = async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/displays',
    headers: { ...browserHeaders(), 'user-agent': 'LobbyTV/1.0' },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; secret: string; state: { mode: 'register'; claimCode: string } };
};
const stateOf = (key: string) =>
  app.inject({ method: 'GET', url: '/api/displays/state', headers: { ...browserHeaders(), 'x-display-key': key } });
const claim = (cookie: string | undefined, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/displays/claim',
    headers: browserHeaders(cookie),
    payload,
    remoteAddress: nextAddress(),
  });

describe(`sales-centre screens (${testDbKind})`, () => {
  it('registers a screen with a code it shows until a manager of the project claims it; then it shows the project', async () => {
    const screen = await register();
    expect(screen.state.claimCode).toMatch(/^[A-Z0-9]{8}$/);
    const key = `${screen.id}.${screen.secret}`;
    expect((await stateOf(key)).json()).toEqual({ mode: 'register', claimCode: screen.state.claimCode });

    // A buyer, a manager of another project, nobody: refused, and the code still shows.
    const payload = { code: formatClaimCode(screen.state.claimCode).toLowerCase(), name: 'Lobby TV', project: 'demo' };
    expect((await claim(buyer, payload)).statusCode).toBe(403);
    expect((await claim(harbourManager, payload)).statusCode).toBe(403);
    expect((await claim(undefined, payload)).statusCode).toBe(401);
    expect((await stateOf(key)).json().mode).toBe('register');

    // The project's manager claims it, typed as people type it.
    const claimed = await claim(manager, payload);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ name: 'Lobby TV', project: { key: 'demo' }, status: 'claimed' });
    expect((await stateOf(key)).json()).toEqual({
      mode: 'attract',
      name: 'Lobby TV',
      project: { key: 'demo', name: 'Maple Residences' },
      pairing: { code: expect.stringMatching(/^\d{8}$/), secret: expect.any(String) },
    });
    // The code was single-use.
    expect((await claim(admin, { ...payload, project: 'harbour' })).json().error.code).toBe('not_found');
  });

  it('refuses a wrong or shapeless code in words, and a wrong secret as an unknown screen', async () => {
    const screen = await register();
    expect((await claim(admin, { code: 'ACDE-FGH0', name: 'x', project: 'demo' })).json().error).toMatchObject({
      code: 'bad_request',
      details: { field: 'code' },
    });
    expect((await claim(admin, { code: 'ACDE-FGHJ', name: 'x', project: 'demo' })).statusCode).toBe(404);
    expect(
      (await claim(admin, { code: screen.state.claimCode, name: 'x', project: 'nowhere' })).json().error.details,
    ).toEqual({ field: 'project' });
    expect((await stateOf(`${screen.id}.not-its-secret`)).statusCode).toBe(401);
    expect((await stateOf('garbage')).statusCode).toBe(401);
    expect((await stateOf('')).statusCode).toBe(401);
  });

  it('lets administrators list, rename, move and revoke screens; a revoked screen registers again', async () => {
    const screen = await register();
    const key = `${screen.id}.${screen.secret}`;
    await claim(admin, { code: screen.state.claimCode, name: 'Window', project: 'demo' });
    const list = (
      await app.inject({ method: 'GET', url: '/api/admin/displays', headers: browserHeaders(admin) })
    ).json() as DisplayRow[];
    expect(list.find((row) => row._id === screen.id)).toMatchObject({
      name: 'Window',
      status: 'claimed',
      userAgent: 'LobbyTV/1.0',
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/displays', headers: browserHeaders(manager) })).statusCode,
    ).toBe(403);

    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/admin/displays/${screen.id}`,
      headers: browserHeaders(admin),
      payload: { name: 'Harbour window', project: 'harbour' },
    });
    expect(moved.json()).toMatchObject({ name: 'Harbour window', project: { key: 'harbour' } });
    expect((await stateOf(key)).json()).toMatchObject({ mode: 'attract', project: { key: 'harbour' } });

    const revoked = await app.inject({
      method: 'POST',
      url: `/api/admin/displays/${screen.id}/revoke`,
      headers: browserHeaders(admin),
      payload: {},
    });
    expect(revoked.json()).toMatchObject({ status: 'revoked', project: null });
    expect((await stateOf(key)).statusCode).toBe(401);

    // Its page tells what happened to it, newest first, and who did it.
    const detail = (
      await app.inject({ method: 'GET', url: `/api/admin/displays/${screen.id}`, headers: browserHeaders(admin) })
    ).json();
    expect(detail.events.map((event: { kind: string }) => event.kind)).toEqual([
      'revoked',
      'moved',
      'renamed',
      'claimed',
      'registered',
    ]);
    expect(detail.events[3]).toMatchObject({ detail: { name: 'Window', project: 'demo' }, by: expect.any(String) });
    expect(detail.events[4].by).toBeNull();
    expect(
      (await app.inject({ method: 'GET', url: `/api/admin/displays/${screen.id}`, headers: browserHeaders(manager) }))
        .statusCode,
    ).toBe(403);
  });

  it('lists a project’s screens to its managers only', async () => {
    const screen = await register();
    await claim(manager, { code: screen.state.claimCode, name: 'Sales desk', project: 'demo' });
    const mine = await app.inject({ method: 'GET', url: '/api/manage/displays', headers: browserHeaders(manager) });
    expect((mine.json() as DisplayRow[]).map((row) => row.name)).toContain('Sales desk');
    expect(
      (await app.inject({ method: 'GET', url: '/api/manage/displays', headers: browserHeaders(buyer) })).statusCode,
    ).toBe(403);
    const harbour = await app.inject({
      method: 'GET',
      url: '/api/manage/displays',
      headers: { ...browserHeaders(harbourManager), ...onProject('harbour') },
    });
    expect((harbour.json() as DisplayRow[]).some((row) => row.name === 'Sales desk')).toBe(false);
    expect(
      (await app.inject({ method: 'GET', url: '/api/manage/displays', headers: { ...browserHeaders(harbourManager) } }))
        .statusCode,
    ).toBe(403);
  });

  it('starts a screen again when the project it showed is gone', async () => {
    const screen = await register();
    await claim(admin, { code: screen.state.claimCode, name: 'Orphan', project: 'demo' });
    await db.update(displays).set({ projectId: null }).where(eq(displays.id, screen.id));
    expect((await stateOf(`${screen.id}.${screen.secret}`)).statusCode).toBe(401);
  });

  it('limits how many screens one address registers', async () => {
    const from = '10.31.0.1';
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/displays', headers: browserHeaders(), remoteAddress: from }))
          .statusCode,
      );
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
