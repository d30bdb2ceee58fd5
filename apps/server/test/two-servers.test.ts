import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, fakeWebDist } from './support/test-app.ts';
import {
  ipHeaders,
  sessionCookie,
  startServerProcess,
  stopAll,
  waitUntilReady,
  type ServerProcess,
} from './support/server-process.ts';
import { startS3Server, S3_CREDENTIALS } from './support/s3-server.ts';
import { multipart } from './support/multipart.ts';
import { openLive } from './support/display-socket.ts';

/**
 * Several servers behind a load balancer (docs/deployment.md): two compiled server processes
 * on one PostgreSQL database and one S3 bucket, each with its own data directory, as on two
 * machines. What one of them is told, the other serves at once: a session, a price, a
 * project's name (both cached in each process), a file. PostgreSQL only.
 */
const PASSWORD = 'two-servers-demo-password';
const AUTH_SECRET = 'one-secret-shared-by-every-server-of-the-deploy';
const database = await createPostgresTestDatabase();
const s3 = await startS3Server();
const webDist = fakeWebDist();
const dataDirs: string[] = [];

afterAll(async () => {
  stopAll();
  await s3.close();
  await database.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function startOne(seed: boolean): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-node-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    SEED_DEMO: seed ? '1' : '0',
    DEMO_PASSWORD: PASSWORD,
    AUTH_SECRET,
    FILES_URL: s3.filesUrl('two-servers'),
    ...S3_CREDENTIALS,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    // The webhooks' receiver below listens on loopback (docs/integrations.md, "Safety").
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
  await waitUntilReady(server.port);
  return server;
}

/**
 * The file's two servers, started together by the first test that asks (A seeds the demo) and
 * kept for the next: each test is a new visitor to the same deploy. The last test stops them.
 */
let pair: Promise<[ServerProcess, ServerProcess]> | null = null;
const servers = () => (pair ??= Promise.all([startOne(true), startOne(false)]));

const call = async (server: ServerProcess, method: string, url: string, cookie: string, body?: unknown) => {
  const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: ipHeaders(server.port, cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

/** Reads on `server` until `accept` says yes; returns how long that took. */
async function servedWithin(
  read: () => Promise<unknown>,
  accept: (value: unknown) => boolean,
  limitMs = 1_000,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (accept(await read())) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not served within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two server processes on one PostgreSQL', () => {
  it('serve each other’s changes at once: sessions, cached prices and settings, files', async () => {
    const [a, b] = await servers();

    // A session made on A is good on B (one database, one secret).
    const manager = await sessionCookie(a.port, 'manager@demo.test', PASSWORD);
    const me = await call(b, 'GET', '/api/me', manager);
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.json)).toContain('manager@demo.test');

    // B has the project and a price in its caches before A changes them.
    const project = await call(b, 'GET', '/api/project', manager);
    const projectId = project.json._id as string;
    const options = await fetch(`http://127.0.0.1:${b.port}/api/schema/options?limit=1`, {
      headers: ipHeaders(b.port, manager),
    });
    const [option] = (await options.json()) as Array<{ _id: string; price: number; _version: number }>;
    expect((await call(b, 'GET', `/api/schema/options/${option!._id}`, manager)).json.price).toBe(option!.price);

    const newPrice = option!.price + 1_234;
    const priced = await call(a, 'PATCH', `/api/schema/options/${option!._id}`, manager, {
      price: newPrice,
      _version: option!._version,
    });
    expect(priced.status).toBe(200);
    const priceMs = await servedWithin(
      async () => (await call(b, 'GET', `/api/schema/options/${option!._id}`, manager)).json.price,
      (price) => price === newPrice,
    );

    const renamed = await call(a, 'PATCH', `/api/projects/${projectId}`, manager, {
      name: 'Maple Residences — Phase 2',
    });
    expect(renamed.status).toBe(200);
    const nameMs = await servedWithin(
      async () => (await call(b, 'GET', '/api/project', manager)).json.name,
      (name) => name === 'Maple Residences — Phase 2',
    );
    expect(priceMs + nameMs).toBeLessThan(1_000);

    // A file stored through B is downloaded through A, byte for byte.
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 180, g: 140, b: 60 } } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'file', filename: 'oak.png', type: 'image/png', bytes: png }]);
    const uploaded = await fetch(`http://127.0.0.1:${b.port}/api/files`, {
      method: 'POST',
      headers: { ...ipHeaders(b.port, manager), 'content-type': body.contentType },
      body: body.payload,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const fromA = await fetch(`http://127.0.0.1:${a.port}${url}`, { headers: ipHeaders(a.port, manager) });
    expect(fromA.status).toBe(200);
    const fromB = await fetch(`http://127.0.0.1:${b.port}${url}`, { headers: ipHeaders(b.port, manager) });
    expect(Buffer.from(await fromA.arrayBuffer()).equals(Buffer.from(await fromB.arrayBuffer()))).toBe(true);
  }, 120_000);
});

/** An admin's change stream read as it comes; `ended` settles with everything read once the server ends it. */
async function openChangeStream(server: ServerProcess, cookie: string) {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/admin/changes/stream`, {
    headers: ipHeaders(server.port, cookie),
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (;;) {
      // A server that stops cuts the connection: what was read until then is the answer.
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) return text;
      text += decoder.decode(value);
    }
  })();
  return { ended, cancel: () => reader.cancel().catch(() => undefined) };
}

/** How long `promise` took to settle, failing past `limitMs`. */
async function settledWithin<T>(promise: Promise<T>, limitMs: number): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const value = await Promise.race([
    promise,
    new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`not settled within ${limitMs} ms`)), limitMs)),
    ),
  ]);
  clearTimeout(timer);
  return { value, ms: performance.now() - started };
}

describe('two server processes on one PostgreSQL: sessions and projects as they are now', () => {
  it('end an admin’s change stream on one server within seconds of its session ending on the other: signed out, demoted, disabled', async () => {
    const [a, b] = await servers();
    const operator = await sessionCookie(a.port, 'admin@demo.test', PASSWORD);

    // Signed out on A: the stream the same session opened on B ends.
    const leaving = await sessionCookie(a.port, 'admin@demo.test', PASSWORD);
    const first = await openChangeStream(b, leaving);
    const signOut = await fetch(`http://127.0.0.1:${a.port}/api/me/sign-out`, {
      method: 'POST',
      headers: ipHeaders(a.port, leaving),
      body: '{}',
    });
    expect(signOut.status).toBe(204);
    const signedOut = await settledWithin(first.ended, 8_000);
    expect(signedOut.value).toContain('"reason":"signed-out"');

    // A manager made an admin opens a stream on B; demoted on A, it ends.
    const users = (await call(a, 'GET', '/api/admin/users?q=manager%40demo.test', operator)).json as {
      items: Array<{ _id: string; email: string }>;
    };
    const managerId = users.items.find((u) => u.email === 'manager@demo.test')!._id;
    expect((await call(a, 'PATCH', `/api/admin/users/${managerId}`, operator, { isAdmin: true })).status).toBe(200);
    const manager = await sessionCookie(a.port, 'manager@demo.test', PASSWORD);
    const second = await openChangeStream(b, manager);
    expect((await call(a, 'PATCH', `/api/admin/users/${managerId}`, operator, { isAdmin: false })).status).toBe(200);
    const demoted = await settledWithin(second.ended, 8_000);
    expect(demoted.value).toContain('"reason":"no-longer-admin"');

    // Made an admin again and disabled on A: the stream on B ends.
    expect((await call(a, 'PATCH', `/api/admin/users/${managerId}`, operator, { isAdmin: true })).status).toBe(200);
    const third = await openChangeStream(b, manager);
    expect((await call(a, 'PATCH', `/api/admin/users/${managerId}`, operator, { disabled: true })).status).toBe(200);
    const disabled = await settledWithin(third.ended, 8_000);
    expect(disabled.value).toContain('"reason":"signed-out"');
    expect(Math.max(signedOut.ms, demoted.ms, disabled.ms)).toBeLessThan(5_000);

    // A stream whose session stands goes on.
    const staying = await openChangeStream(b, operator);
    await expect(settledWithin(staying.ended, 3_000)).rejects.toThrow('not settled');
    await staying.cancel();
    await call(a, 'PATCH', `/api/admin/users/${managerId}`, operator, { disabled: false, isAdmin: false });

    // An address asked on B before its project exists answers as the project once A has made it.
    const late = (server: ServerProcess) =>
      fetch(`http://127.0.0.1:${server.port}/api/project`, { headers: ipHeaders(server.port, undefined, 'late') });
    expect((await late(b)).status).toBe(404);
    expect((await late(a)).status).toBe(404);
    const created = await call(a, 'POST', '/api/admin/projects', operator, {
      key: 'late',
      name: 'Late Park',
      currency: 'CAD',
      options: { locale: 'en-CA', timeZone: 'America/Toronto', unitSystem: 'metric' },
      theme: { primary: '#7a3e9d', secondary: '#f2c14e', logoBg: '#2b1140' },
      catalogue: 'empty',
      manager: { email: 'late.manager@example.test' },
    });
    expect(created.status).toBe(201);
    const servedMs = await servedWithin(
      async () => (await late(b)).status,
      (status) => status === 200,
    );
    expect(servedMs).toBeLessThan(1_000);
  }, 120_000);
});

// Last: it stops both servers.
describe('a screen and its phone on two server processes', () => {
  it('carry the phone’s looks across servers through NOTIFY, and a stopping server tells its sockets to reconnect', async () => {
    const [a, b] = await servers();
    const admin = await sessionCookie(a.port, 'admin@demo.test', PASSWORD);
    const registered = (await (
      await fetch(`http://127.0.0.1:${a.port}/api/displays`, { method: 'POST', headers: ipHeaders(a.port) })
    ).json()) as {
      id: string;
      secret: string;
      state: { claimCode: string };
    };
    expect(
      (
        await call(b, 'POST', '/api/displays/claim', admin, {
          code: registered.state.claimCode,
          name: 'Lobby TV',
          project: 'demo',
        })
      ).status,
    ).toBe(200);

    // The screen on A; the phone pairs and joins on B.
    const screen = openLive({ port: a.port, host: `127.0.0.1:${a.port}` });
    await screen.opened;
    screen.say({ type: 'hello', key: `${registered.id}.${registered.secret}` });
    const attract = (await screen.waitFor((push) => push.type === 'state' && push.state.mode === 'attract')) as {
      state: { pairing: { code: string } };
    };
    const paired = await call(b, 'POST', '/api/displays/pair', '', { code: attract.state.pairing.code });
    expect(paired.status).toBe(201);
    // The pairing made on B reaches the screen on A.
    await screen.waitFor((push) => push.type === 'state' && push.state.mode === 'paired');
    const phone = openLive({ port: b.port, host: `127.0.0.1:${b.port}` });
    await phone.opened;
    phone.say({ type: 'join', pairing: paired.json.pairing });
    await phone.waitFor((push) => push.type === 'joined');
    for (const zoom of [1, 1.25, 1.5]) {
      const look = { plan: null, room: 'r', finishes: {}, camera: { yaw: 0, pitch: 27, zoom } };
      phone.say({ type: 'look', look });
      expect(await screen.waitFor((push) => push.type === 'look')).toMatchObject({ look });
    }

    // B stops (a deploy): its phone is told to reconnect elsewhere (1012), and resumes on A.
    b.child.kill('SIGTERM');
    expect(await phone.closed).toBe(1012);
    expect(await b.exited).toBe(0);
    // Stopping one leaves the other serving.
    expect((await fetch(`http://127.0.0.1:${a.port}/readyz`)).status).toBe(200);
    const again = openLive({ port: a.port, host: `127.0.0.1:${a.port}` });
    await again.opened;
    again.say({ type: 'join', pairing: paired.json.pairing });
    await again.waitFor((push) => push.type === 'joined');
    again.say({ type: 'end' });
    expect(await again.waitFor((push) => push.type === 'ended')).toMatchObject({ reason: 'ended' });
    await screen.waitFor((push) => push.type === 'state' && push.state.mode === 'attract');
    screen.socket.close();
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
  }, 120_000);
});

/** The process holding the TCP connection whose local port is `port` (on loopback): read from /proc. */
function processWithPort(pids: number[], port: number): number | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    fs
      .readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((row) => row.trim().split(/\s+/))
      .filter((cells) => cells[1]?.endsWith(`:${hex}`))
      .map((cells) => cells[9]),
  );
  return pids.find((pid) =>
    fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/socket:\[(\d+)\]/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]);
      } catch {
        return false;
      }
    }),
  );
}

describe('webhooks from two server processes', () => {
  it('deliver each event once, and one killed in the middle of a delivery loses none: the other delivers it when its claim runs out', async () => {
    const arrivals: Array<{ path: string; id: string; port: number }> = [];
    let hold: http.ServerResponse | null = null;
    const receiver = http.createServer((request, response) => {
      arrivals.push({
        path: request.url ?? '',
        id: String(request.headers['webhook-id']),
        port: request.socket.remotePort!,
      });
      request.resume();
      // The first delivery to /held gets no answer: its server is killed while it waits.
      if (request.url === '/held' && !hold) hold = response;
      else request.on('end', () => response.writeHead(200).end());
    });
    const port = await new Promise<number>((resolve) =>
      receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as AddressInfo).port)),
    );
    const [c, d] = await Promise.all([startOne(false), startOne(false)]);
    try {
      const manager = await sessionCookie(c.port, 'manager@demo.test', PASSWORD);
      const endpoint = async (path: string) =>
        (
          await call(c, 'POST', '/api/manage/webhooks', manager, {
            url: `http://127.0.0.1:${port}${path}`,
            events: ['lead.created'],
          })
        ).status;
      const lead = (server: ServerProcess, i: number) =>
        call(server, 'POST', '/api/schema/leads/', managerOn(server), {
          firstName: 'Two',
          lastName: `Servers ${i}`,
          email: `two-servers-${i}-${Date.now()}@example.test`,
          source: 'inquire',
        });
      const sessions = new Map([[c.port, manager]]);
      sessions.set(d.port, await sessionCookie(d.port, 'manager@demo.test', PASSWORD));
      const managerOn = (server: ServerProcess) => sessions.get(server.port)!;

      expect(await endpoint('/each')).toBe(201);
      for (let i = 0; i < 20; i++) expect((await lead(i % 2 ? d : c, i)).status).toBe(201);
      const deadline = Date.now() + 20_000;
      while (arrivals.filter((a) => a.path === '/each').length < 20 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = arrivals.filter((a) => a.path === '/each').map((a) => a.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);

      // A key revoked on one server is refused by the other from its next call.
      const made = await call(c, 'POST', '/api/manage/api-keys', manager, {
        name: 'Two servers',
        scopes: ['leads:read'],
      });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      const token = (made.json as { token: string }).token;
      const byKey = async (server: ServerProcess) => {
        const response = await fetch(`http://127.0.0.1:${server.port}/api/manage/leads`, {
          headers: { ...ipHeaders(server.port, ''), authorization: `Bearer ${token}` },
        });
        await response.body?.cancel();
        return response.status;
      };
      expect(await byKey(d)).toBe(200);
      const revoked = await call(
        c,
        'DELETE',
        `/api/manage/api-keys/${(made.json as { key: { _id: string } }).key._id}`,
        manager,
      );
      expect(revoked.status).toBe(200);
      expect(await byKey(d)).toBe(401);

      // A second endpoint whose first delivery is held: the server making it is killed (-9).
      expect(await endpoint('/held')).toBe(201);
      expect((await lead(c, 99)).status).toBe(201);
      while (!hold && Date.now() < deadline + 20_000) await new Promise((resolve) => setTimeout(resolve, 20));
      const held = arrivals.find((a) => a.path === '/held')!;
      const holder = processWithPort([c.child.pid!, d.child.pid!], held.port);
      expect(holder).toBeDefined();
      const [killed, survivor] = holder === c.child.pid ? [c, d] : [d, c];
      killed.child.kill('SIGKILL');
      await killed.exited;
      // The claim runs out (CLAIM_MS, 15 s) and the surviving server delivers the same event.
      const until = Date.now() + 30_000;
      while (arrivals.filter((a) => a.path === '/held').length < 2 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const again = arrivals.filter((a) => a.path === '/held');
      expect(again).toHaveLength(2);
      expect(again[1]!.id).toBe(held.id);
      const endpoints = (await call(survivor, 'GET', '/api/manage/webhooks', managerOn(survivor)))
        .json as unknown as Array<{
        url: string;
        pending: number;
      }>;
      expect(endpoints.find((e) => e.url.endsWith('/held'))!.pending).toBe(0);
    } finally {
      for (const server of [c, d]) if (server.child.exitCode === null) server.child.kill('SIGTERM');
      (hold as http.ServerResponse | null)?.destroy();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 120_000);
});

describe('appointments booked through two server processes', () => {
  it('give the last slot to exactly one of twenty buyers asking on two servers at once; the others hear it was taken', async () => {
    // Two of their own: the pair above was stopped by the screens' test.
    const [a, b] = await Promise.all([startOne(false), startOne(false)]);
    try {
      const alex = await sessionCookie(a.port, 'buyer@demo.test', PASSWORD);
      const sofia = await sessionCookie(b.port, 'sofia.martin@demo.test', PASSWORD);
      const cartOf = async (server: ServerProcess, cookie: string) =>
        ((await call(server, 'GET', '/api/carts/mine', cookie)).json as unknown as Array<{ _id: string }>)[0]!._id;
      const [mine, hers] = [await cartOf(a, alex), await cartOf(b, sofia)];
      const types = (await call(a, 'GET', '/api/appointment-types', alex)).json as unknown as Array<{ id: string }>;
      const type = types[0]!.id;
      const { slots } = (await call(a, 'GET', `/api/appointments/slots?type=${type}&cart=${mine}`, alex)).json as {
        slots: Array<{ start: string; consultantId: string }>;
      };
      // Not the first: it may start within the notice by the time twenty ask.
      const slot = slots[2]!;
      const ask = (server: ServerProcess, cookie: string, cart: string) =>
        call(server, 'POST', '/api/appointments', cookie, {
          type,
          cart,
          consultant: slot.consultantId,
          start: slot.start,
        });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? ask(a, alex, mine) : ask(b, sofia, hers))),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 201)) {
        expect(answer.status, JSON.stringify(answer.json)).toBe(409);
        expect(String((answer.json.error as { message: string }).message)).toMatch(/just booked|already have/);
      }
      // Both servers now offer the slot to nobody.
      for (const [server, cookie, cart] of [
        [a, alex, mine],
        [b, sofia, hers],
      ] as const) {
        const after = (await call(server, 'GET', `/api/appointments/slots?type=${type}&cart=${cart}`, cookie)).json as {
          slots: Array<{ start: string }>;
        };
        expect(after.slots.map((s) => s.start)).not.toContain(slot.start);
      }
    } finally {
      for (const server of [a, b]) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    }
  });
});
