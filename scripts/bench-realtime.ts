/**
 * `npm run bench -- realtime` (docs/displays.md, "Figures"): the sales-centre screens' live
 * channel on PostgreSQL with two compiled server processes. Screens and phones are WebSocket
 * clients in this process; each look carries the moment it was sent, read back by its screen.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';

interface Started {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

interface Helpers {
  databaseUrl: string;
  start(env: Record<string, string>): Promise<Started>;
  line(name: string, value: string): void;
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Pair {
  screen: WebSocket;
  phone: WebSocket;
}

/** Screens claimed for the demo project, each already paired with a phone: written straight into the database. */
async function pairsInDatabase(client: pg.Client, count: number) {
  const {
    rows: [demo],
  } = await client.query(`SELECT id FROM projects WHERE key = 'demo'`);
  const pairs = Array.from({ length: count }, () => ({
    id: crypto.randomUUID(),
    key: randomBytes(24).toString('base64url'),
    visitor: randomBytes(24).toString('base64url'),
  }));
  await client.query(
    `INSERT INTO displays (id, secret_hash, project_id, name, claimed_at, visitor_hash, paired_at, visitor_seen_at)
     SELECT (p->>'id')::uuid, p->>'hash', $1, 'Bench screen', now(), p->>'visitor', now(), now() + interval '1 hour'
     FROM jsonb_array_elements($2::jsonb) p`,
    [demo.id, JSON.stringify(pairs.map((p) => ({ id: p.id, hash: hashOf(p.key), visitor: hashOf(p.visitor) })))],
  );
  return pairs;
}

function open(port: number, hello: object): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/displays/live`, {
      headers: { host: `demo.localhost:${port}` },
    });
    socket.once('open', () => socket.send(JSON.stringify({ v: 1, ...hello })));
    socket.once('message', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function connect(
  pairs: Array<{ id: string; key: string; visitor: string }>,
  screenPort: number,
  phonePort: number,
  latencies: number[],
): Promise<Pair[]> {
  const connected: Pair[] = [];
  for (let i = 0; i < pairs.length; i += 50) {
    const batch = await Promise.all(
      pairs.slice(i, i + 50).map(async (pair) => {
        const screen = await open(screenPort, { type: 'hello', key: `${pair.id}.${pair.key}` });
        const phone = await open(phonePort, { type: 'join', pairing: `${pair.id}.${pair.visitor}` });
        screen.on('message', (data) => {
          const push = JSON.parse(data.toString()) as { type: string; look?: { room: string } };
          if (push.type === 'look' && push.look) latencies.push(performance.now() - Number(push.look.room));
        });
        return { screen, phone };
      }),
    );
    connected.push(...batch);
  }
  return connected;
}

/** Every phone sends a look `perSecond` times a second for `seconds`, spread evenly. */
async function drive(pairs: Pair[], perSecond: number, seconds: number) {
  const gap = 1000 / perSecond;
  const end = performance.now() + seconds * 1000;
  const timers = pairs.map((pair, i) =>
    setTimeout(
      () => {
        const send = () => {
          if (performance.now() > end) return clearInterval(interval);
          pair.phone.send(
            JSON.stringify({
              v: 1,
              type: 'look',
              look: {
                plan: null,
                room: String(performance.now()),
                finishes: {},
                camera: { yaw: 0, pitch: 27, zoom: 1 },
              },
            }),
          );
        };
        const interval = setInterval(send, gap);
        send();
      },
      (i / pairs.length) * gap,
    ),
  );
  await sleep(seconds * 1000 + 500);
  timers.forEach(clearTimeout);
}

function close(pairs: Pair[]) {
  for (const { screen, phone } of pairs) {
    screen.terminate();
    phone.terminate();
  }
}

export async function benchRealtime({ databaseUrl, start, line }: Helpers) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const a = await start({ WEB_CONCURRENCY: '1' });
  const b = await start({ WEB_CONCURRENCY: '1' });
  const notifies = new pg.Client({ connectionString: databaseUrl });
  await notifies.connect();
  let heard = 0;
  notifies.on('notification', (message) => {
    if (message.channel === 'decor_displays') heard++;
  });
  await notifies.query('LISTEN decor_displays');
  try {
    const scenario = async (
      name: string,
      target: string,
      count: number,
      perSecond: number,
      seconds: number,
      cross: boolean,
    ) => {
      const latencies: number[] = [];
      const rssBefore = rssMb(a.pid);
      const pairs = await connect(await pairsInDatabase(client, count), a.port, cross ? b.port : a.port, latencies);
      heard = 0;
      const started = performance.now();
      await drive(pairs, perSecond, seconds);
      const elapsed = (performance.now() - started) / 1000;
      const rssAfter = rssMb(a.pid);
      const sorted = latencies.sort((x, y) => x - y);
      line(
        name,
        `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ${sorted.length} looks; ${Math.round(heard / elapsed)} NOTIFY/s; screen server RSS ${rssBefore.toFixed(0)}→${rssAfter.toFixed(0)} MB   (target: ${target})`,
      );
      close(pairs);
      await client.query(`DELETE FROM displays WHERE name = 'Bench screen'`);
      await sleep(500);
    };
    const rssIdle = rssMb(a.pid);
    line('screen server RSS, no sockets', `${rssIdle.toFixed(0)} MB`);
    await scenario('one process, 50 pairs × 1 look/s', 'p50 ≤ 1 ms, p99 ≤ 15 ms', 50, 1, 20, false);
    await scenario('two processes (NOTIFY), 50 pairs × 1 look/s', 'p99 ≤ 25 ms', 50, 1, 20, true);
    await scenario('two processes, 500 pairs × 20 looks/s', '≤ 500 NOTIFY/s', 500, 20, 10, true);
    await scenario(
      'one process, 1,000 pairs (2,000 sockets) × 1 look/s',
      'p99 ≤ 50 ms, ≤ 30 MB extra RSS',
      1000,
      1,
      20,
      false,
    );
  } finally {
    await notifies.end();
    await client.end();
    await a.stop();
    await b.stop();
  }
}

/**
 * In Chromium on loopback: a tap on the phone's remote → the screen's next painted frame after
 * the look arrives (the screen's room attribute changes, then one animation frame). Both pages
 * share one browser, so their clocks agree.
 */
const TAPS = 100;
const WARM_UP = 4;

export async function tapToFrame({
  port,
  databaseUrl,
  browser,
}: {
  port: number;
  databaseUrl: string;
  browser: import('playwright-core').Browser;
}) {
  const base = `http://demo.localhost:${port}`;
  const tv = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await tv.goto(`${base}/v`);
  await tv.getByTestId('claim-code').waitFor();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const key = await tv.evaluate(() => JSON.parse(localStorage.getItem('decor.display')!) as { id: string });
  await client.query(
    `UPDATE displays SET claim_code = NULL, project_id = (SELECT id FROM projects WHERE key = 'demo'), name = 'Tap bench', claimed_at = now() WHERE id = $1`,
    [key.id],
  );
  await client.end();
  await tv.getByTestId('pairing-invitation').waitFor({ timeout: 30_000 });
  const url = (await tv.getByTestId('pairing-invitation').getAttribute('data-url'))!;
  const phone = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  ).newPage();
  await phone.goto(url);
  await phone.getByTestId('remote').waitFor();
  await tv.getByTestId('display-room').waitFor();
  await phone.getByTestId('remote-rooms').getByRole('button', { name: 'Living Room', exact: true }).click();
  // The screen notes when each new set of finishes is drawn: the attribute changes, then the next frame.
  await tv.evaluate(() => {
    const w = window as unknown as { painted: number[] };
    w.painted = [];
    new MutationObserver(() =>
      requestAnimationFrame(() => w.painted.push(performance.timeOrigin + performance.now())),
    ).observe(document.querySelector('[data-testid="display-room"]')!, {
      attributes: true,
      attributeFilter: ['data-finishes'],
    });
  });
  const names = ['Engineered Oak – Smoked', 'Laminate – Grey Ash'];
  const delays: number[] = [];
  for (let i = 0; i < TAPS + WARM_UP; i++) {
    const before = await tv.evaluate(() => (window as unknown as { painted: number[] }).painted.length);
    const option = phone.getByTestId('remote-option').filter({ hasText: names[i % 2]! });
    const tappedAt = await option.evaluate((element) => {
      const at = performance.timeOrigin + performance.now();
      (element as HTMLElement).click();
      return at;
    });
    await tv.waitForFunction((count) => (window as unknown as { painted: number[] }).painted.length > count, before, {
      timeout: 5_000,
    });
    const paintedAt = await tv.evaluate(
      (count) => (window as unknown as { painted: number[] }).painted[count]!,
      before,
    );
    delays.push(paintedAt - tappedAt);
    await sleep(100);
  }
  // The first tap of each finish compiles its material: reported apart, as the warm-up.
  const warmUp = delays.slice(0, WARM_UP);
  const sorted = delays.slice(WARM_UP).sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
    taps: sorted.length,
    warmUp,
  };
}
