import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../src/db/client.ts';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { addressSequence, browserHeaders, signIn } from './support/identity.ts';
import { openLive } from './support/display-socket.ts';

/** Pairing a visitor's phone with a screen and driving it (docs/displays.md, "Pairing a phone"), on real sockets. */
const { app, db, mail, database } = await createTestApp({ withMail: true });
/** What the change feed announced (the pen stream's source). */
const heard: Array<{ collection?: string; id?: string; event?: string }> = [];
database.changes.subscribe((event) => heard.push(event as (typeof heard)[number]));
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const demo = onProject('demo').host!;
const harbour = onProject('harbour').host!;
afterAll(() => app.close());
const nextAddress = addressSequence('10.50');
const admin = (await signIn(app, 'admin@demo.test', TEST_DEMO_PASSWORD)).cookie;

interface Attract {
  mode: 'attract';
  pairing: { code: string; secret: string } | null;
}

/** A screen registered and claimed for a project: its key and what it shows. */
async function claimedScreen(project = 'demo', host = demo) {
  const registered = (
    await app.inject({ method: 'POST', url: '/api/displays', headers: browserHeaders(), remoteAddress: nextAddress() })
  ).json();
  const claimed = await app.inject({
    method: 'POST',
    url: '/api/displays/claim',
    headers: browserHeaders(admin),
    remoteAddress: nextAddress(),
    payload: { code: registered.state.claimCode, name: 'Lobby TV', project },
  });
  expect(claimed.statusCode).toBe(200);
  const key = `${registered.id}.${registered.secret}`;
  return { id: registered.id as string, key, state: () => stateOf(key, host) };
}
const stateOf = async (key: string, host = demo) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/displays/state',
      headers: { ...browserHeaders(), host, 'x-display-key': key },
    })
  ).json() as Attract | { mode: 'paired' };
const pair = (payload: object, { host = demo, remoteAddress = nextAddress() } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/displays/pair',
    headers: { ...browserHeaders(), host },
    payload,
    remoteAddress,
  });
const eventsOf = async (id: string) =>
  (
    await sqlRows<{ kind: string }>(db, sql`SELECT kind FROM display_events WHERE display_id = ${id} ORDER BY at, id`)
  ).map((row) => row.kind);

describe(`pairing a phone with a screen (${testDbKind})`, () => {
  it('pairs by the typed code once; the phone drives the screen; "End" frees it with new codes', async () => {
    const screen = await claimedScreen();
    const shown = (await screen.state()) as Attract;
    expect(shown.pairing!.code).toMatch(/^\d{8}$/);
    const tv = openLive({ port, host: demo });
    await tv.opened;
    tv.say({ type: 'hello', key: screen.key });
    await tv.waitFor((push) => push.type === 'state');

    const paired = await pair({ code: `${shown.pairing!.code.slice(0, 4)} ${shown.pairing!.code.slice(4)}` });
    expect(paired.statusCode).toBe(201);
    const { pairing } = paired.json() as { pairing: string };
    // The screen is told at once, and while the phone holds it no code is valid.
    expect(await tv.waitFor((push) => push.type === 'state')).toMatchObject({
      state: { mode: 'paired', name: 'Lobby TV' },
    });
    expect((await screen.state()).mode).toBe('paired');
    expect((await pair({ code: shown.pairing!.code })).json().error.code).toBe('not_found');
    expect((await pair({ display: screen.id, secret: shown.pairing!.secret })).json().error.code).toBe('not_found');

    const phone = openLive({ port, host: demo });
    await phone.opened;
    phone.say({ type: 'join', pairing });
    expect(await phone.waitFor((push) => push.type === 'joined')).toMatchObject({
      display: { id: screen.id, name: 'Lobby TV' },
    });
    const look = {
      plan: null,
      room: 'kitchen-1',
      finishes: { floors: 'oak' },
      camera: { yaw: 10, pitch: 20, zoom: 1 },
    };
    phone.say({ type: 'look', look });
    expect(await tv.waitFor((push) => push.type === 'look')).toMatchObject({ look });
    phone.say({ type: 'reset' });
    expect(await tv.waitFor((push) => push.type === 'look')).toMatchObject({ look: null });
    // A phone may not speak as a screen.
    phone.say({
      type: 'health',
      health: {
        build: 'x',
        renderer: null,
        fps: 60,
        frameP99Ms: 1,
        rttMs: 1,
        memoryMb: 1,
        uptimeS: 1,
        width: 1,
        height: 1,
      },
    });
    expect(await phone.closed).toBe(4400);

    // The phone reconnects (a dropped socket) and resumes with the same pairing, then ends the visit.
    const again = openLive({ port, host: demo });
    await again.opened;
    again.say({ type: 'join', pairing });
    await again.waitFor((push) => push.type === 'joined');
    again.say({ type: 'end' });
    expect(await again.waitFor((push) => push.type === 'ended')).toMatchObject({ reason: 'ended' });
    expect(await again.closed).toBe(4000);
    const freed = (await tv.waitFor((push) => push.type === 'state' && push.state.mode === 'attract')) as {
      state: Attract;
    };
    expect(freed.state.pairing!.code).not.toBe(shown.pairing!.code);
    expect(freed.state.pairing!.secret).not.toBe(shown.pairing!.secret);
    // The ended pairing opens nothing any more.
    const stale = openLive({ port, host: demo });
    await stale.opened;
    stale.say({ type: 'join', pairing });
    expect(await stale.closed).toBe(4401);
    expect(await eventsOf(screen.id)).toEqual(expect.arrayContaining(['paired', 'released']));
    // The pen stream hears the lifecycle beside the data changes, and nothing of the visitor's look.
    await expect
      .poll(() =>
        heard.filter((event) => event.collection === '$display' && event.id === screen.id).map((event) => event.event),
      )
      .toEqual(expect.arrayContaining(['claimed', 'paired', 'released']));
    expect(JSON.stringify(heard)).not.toContain('oak');
    tv.socket.close();
  });

  it("pairs by the QR code's secret, only in the screen's own project", async () => {
    const screen = await claimedScreen();
    const { pairing: codes } = (await screen.state()) as Attract;
    // The same secret and code from another project's address pair nothing.
    expect((await pair({ display: screen.id, secret: codes!.secret }, { host: harbour })).statusCode).toBe(404);
    expect((await pair({ code: codes!.code }, { host: harbour })).statusCode).toBe(404);
    const paired = await pair({ display: screen.id, secret: codes!.secret });
    expect(paired.statusCode).toBe(201);
    expect(paired.json()).toMatchObject({ display: { id: screen.id }, project: { key: 'demo' } });
    // The showroom is the phone's to read while the pairing lasts, never with a made-up pairing.
    const showroom = await app.inject({
      method: 'GET',
      url: '/api/displays/showroom',
      headers: { ...browserHeaders(), host: demo, 'x-display-pairing': paired.json().pairing },
    });
    expect(showroom.statusCode).toBe(200);
    expect(showroom.json().rooms.length).toBeGreaterThan(0);
    expect(showroom.json().options.every((option: { price: number | null }) => option.price === null)).toBe(true);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/displays/showroom',
      headers: { ...browserHeaders(), host: demo, 'x-display-pairing': `${screen.id}.forged` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('releases a pairing whose phone went silent for 3 minutes, telling the phone and freeing the screen', async () => {
    const screen = await claimedScreen();
    const { pairing: codes } = (await screen.state()) as Attract;
    const { pairing } = (await pair({ code: codes!.code })).json();
    const phone = openLive({ port, host: demo });
    await phone.opened;
    phone.say({ type: 'join', pairing });
    await phone.waitFor((push) => push.type === 'joined');
    await sqlRows(
      db,
      sql`UPDATE displays SET visitor_seen_at = now() - interval '3 minutes 1 second' WHERE id = ${screen.id}`,
    );
    // Any server's sweep releases it (every 15 s); the test does not wait for the clock.
    expect(await app.displayPairings.sweepIdle()).toEqual([screen.id]);
    expect(await phone.waitFor((push) => push.type === 'ended')).toMatchObject({ reason: 'idle' });
    expect((await screen.state()).mode).toBe('attract');
  });

  it('1,000 wrong codes from 20 addresses pair nothing: the project locks typed codes, draws new ones and tells the administrators', async () => {
    // A fresh 10-minute window (the earlier tests typed a wrong code or two here).
    await sqlRows(db, sql`DELETE FROM rate_limits WHERE key LIKE 'display-pair:%'`);
    const screen = await claimedScreen();
    const before = ((await screen.state()) as Attract).pairing!;
    const addresses = Array.from({ length: 20 }, (_, i) => `10.60.0.${i + 1}`);
    const statuses: Record<number, number> = {};
    let n = 0;
    for (let round = 0; round < 50; round++) {
      const answers = await Promise.all(
        addresses.map((remoteAddress) => {
          // Every guess is a real 8-digit code that is not the one shown.
          let guess = String((Number(before.code) + 1 + n++) % 100_000_000).padStart(8, '0');
          if (guess === before.code) guess = String((Number(guess) + 1) % 100_000_000).padStart(8, '0');
          return pair({ code: guess }, { remoteAddress });
        }),
      );
      for (const answer of answers) statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
    }
    expect(statuses[201] ?? 0, JSON.stringify(statuses)).toBe(0);
    expect(statuses[404]).toBe(50);
    expect(statuses[429]).toBe(950);
    // The codes were drawn again, the screen's page says so, and every administrator was mailed.
    const after = ((await screen.state()) as Attract).pairing!;
    expect(after.code).not.toBe(before.code);
    expect(await eventsOf(screen.id)).toContain('code-limit');
    await mail!.waitFor('admin@demo.test', /too many wrong screen pairing codes/);
    // Typed codes stay refused for the window, even the right one; the QR code still pairs.
    expect((await pair({ code: after.code })).statusCode).toBe(429);
    expect((await pair({ display: screen.id, secret: after.secret })).statusCode).toBe(201);
  });

  it('limits wrong codes per address (10 in 10 minutes), counting none that pair', async () => {
    const screen = await claimedScreen('harbour', harbour);
    const remoteAddress = '10.70.0.1';
    for (let i = 0; i < 10; i++)
      expect((await pair({ code: '00000000' }, { host: harbour, remoteAddress })).statusCode).toBe(404);
    const { pairing: codes } = (await screen.state()) as Attract;
    expect((await pair({ code: codes!.code }, { host: harbour, remoteAddress })).statusCode).toBe(429);
    expect((await pair({ code: codes!.code }, { host: harbour, remoteAddress: '10.70.0.2' })).statusCode).toBe(201);
    expect((await pair({ code: 'not a code' }, { host: harbour })).json().error.code).toBe('bad_request');
  });

  it('mails the look to a visitor who asks, once per request, keeping it for the sales team; only while paired', async () => {
    const screen = await claimedScreen();
    const { pairing: codes } = (await screen.state()) as Attract;
    // By the QR code: typed codes of this project are locked for the window by the test above.
    const { pairing } = (await pair({ display: screen.id, secret: codes!.secret })).json();
    const showroom = (
      await app.inject({
        method: 'GET',
        url: '/api/displays/showroom',
        headers: { ...browserHeaders(), host: demo, 'x-display-pairing': pairing },
      })
    ).json();
    const flooring = showroom.categories.find((c: { name: string }) => c.name === 'Flooring');
    const smoked = showroom.options.find((o: { name: string }) => o.name === 'Engineered Oak – Smoked');
    const room = showroom.rooms.find((r: { name: string }) => r.name === 'Living Room');
    const look = {
      plan: null,
      room: room._id,
      finishes: { [flooring._id]: smoked._id },
      camera: { yaw: 0, pitch: 27, zoom: 1 },
    };
    const send = (body: object) =>
      app.inject({
        method: 'POST',
        url: '/api/displays/look-mail',
        headers: { ...browserHeaders(), host: demo },
        payload: body,
        remoteAddress: nextAddress(),
      });
    expect((await send({ pairing, email: 'not an address', look })).statusCode).toBe(400);
    const sent = await send({ pairing, email: 'visitor@example.test', look });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().lines).toEqual(['Room shown: Living Room', 'Flooring: Engineered Oak – Smoked']);
    const message = await mail!.waitFor('visitor@example.test', /The look you built at Maple Residences/);
    expect(message.text).toContain('Flooring: Engineered Oak – Smoked');
    const kept = await sqlRows<{ email: string; summary: string[] }>(
      db,
      sql`SELECT email, summary FROM showroom_looks WHERE display_id = ${screen.id}`,
    );
    expect(kept).toEqual([
      { email: 'visitor@example.test', summary: ['Room shown: Living Room', 'Flooring: Engineered Oak – Smoked'] },
    ]);
    // The visitor is a lead of the project, from the screen, the look as their message; the managers hear of it.
    const [lead] = await sqlRows<{ data: { source: string; status: string; activities: Array<{ message: string }> } }>(
      db,
      sql`SELECT data FROM items WHERE collection = 'leads' AND data->>'email' = 'visitor@example.test'`,
    );
    expect(lead!.data).toMatchObject({ source: 'display', status: 'new' });
    expect(lead!.data.activities[0]!.message).toContain('Flooring: Engineered Oak – Smoked');
    await mail!.waitFor('manager@demo.test', /^New lead: visitor@example\.test$/);
    // Once the visit ended, the pairing mails nothing.
    const phone = openLive({ port, host: demo });
    await phone.opened;
    phone.say({ type: 'join', pairing });
    await phone.waitFor((push) => push.type === 'joined');
    phone.say({ type: 'end' });
    await phone.waitFor((push) => push.type === 'ended');
    expect((await send({ pairing, email: 'visitor@example.test', look })).statusCode).toBe(401);
  });

  it("limits a screen's look mails by its id as stored, however the pairing spells it (20 an hour)", async () => {
    const screen = await claimedScreen();
    const { pairing: codes } = (await screen.state()) as Attract;
    const { pairing } = (await pair({ display: screen.id, secret: codes!.secret })).json() as { pairing: string };
    const [id, secret] = pairing.split('.') as [string, string];
    // The same id in every letter case: one per mail, each from its own address, as an attacker would spread them.
    const spell = (n: number) =>
      [...id].map((char, index) => ((n >> (index % 8)) & 1 ? char.toUpperCase() : char.toLowerCase())).join('');
    const look = { plan: null, room: null, finishes: {}, camera: { yaw: 0, pitch: 27, zoom: 1 } };
    const statuses: number[] = [];
    for (let n = 0; n < 21; n += 1) {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/displays/look-mail',
        headers: { ...browserHeaders(), host: demo },
        payload: { pairing: `${spell(n)}.${secret}`, email: `stranger-${n}@example.test`, look },
        remoteAddress: nextAddress(),
      });
      statuses.push(sent.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('shows prices on the screens only when the project says so', async () => {
    const screen = await claimedScreen();
    const { pairing: codes } = (await screen.state()) as Attract;
    // By the QR code: typed codes of this project are locked for the window by the test above.
    const { pairing } = (await pair({ display: screen.id, secret: codes!.secret })).json();
    const read = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/displays/showroom',
          headers: { ...browserHeaders(), host: demo, 'x-display-pairing': pairing },
        })
      ).json();
    expect((await read()).project.showsPrices).toBe(false);
    const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '10.80.0.1' })).cookie;
    const project = (
      await app.inject({ method: 'GET', url: '/api/project', headers: { ...browserHeaders(manager), host: demo } })
    ).json();
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/projects/${project._id}`,
      headers: { ...browserHeaders(manager), host: demo },
      payload: { options: { showroomPrices: true } },
    });
    expect(changed.statusCode).toBe(200);
    const priced = await read();
    expect(priced.project.showsPrices).toBe(true);
    const smoked = priced.options.find((o: { name: string }) => o.name === 'Engineered Oak – Smoked');
    const [stored] = await sqlRows<{ price: number }>(
      db,
      sql`SELECT (data->>'price')::int AS price FROM items WHERE id = ${smoked._id}`,
    );
    expect(smoked.price).toBe(stored!.price);
  });
});
