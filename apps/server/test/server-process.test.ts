import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './support/test-app.ts';
import { multipart } from './support/multipart.ts';
import {
  FIRST_START_LIMIT_MS,
  seededDataDir,
  seededPassword,
  sessionCookie,
  startServerProcess,
  stopAll,
  waitUntilReady,
} from './support/server-process.ts';

/**
 * What only a running process shows (docs/operations.md): a request too slow to arrive is
 * answered 408, a stop signal lets the requests and uploads in flight finish while /readyz
 * already says no, and production refuses to start half configured. The compiled server,
 * on the embedded database (PostgreSQL's own process test is two-servers.test.ts).
 */
const webDist = fakeWebDist();
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-process-'));
  dirs.push(dir);
  return dir;
};

/** A copy of the seeded data directory (a server's first start, done once for the run). */
const seededDir = async () => {
  const dir = await seededDataDir();
  dirs.push(dir);
  return dir;
};

// The first start (done once for the run) is waited for here, with its own limit, not inside a test's.
beforeAll(() => seededDataDir().then((dir) => dirs.push(dir)), FIRST_START_LIMIT_MS + 20_000);

afterAll(() => {
  stopAll();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes and collects what comes back until the server closes the connection. */
function rawExchange(port: number, bytes: string): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.on('error', reject);
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer in 20 s')));
  });
}

describe('a server process', () => {
  it('answers a request that is too slow to arrive with 408 in the JSON error model', async () => {
    const server = await startServerProcess({
      DATA_DIR: await seededDir(),
      WEB_DIST_DIR: webDist,
      REQUEST_TIMEOUT_MS: '1000',
    });
    await waitUntilReady(server.port);
    // Headers promise 100 bytes; only 3 ever come (a slow or stuck client).
    const { text, ms } = await rawExchange(
      server.port,
      'POST /api/visits HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a',
    );
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('application/json');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: {
        code: 'request_timeout',
        message: 'The request took too long to arrive. Please send it again.',
        key: 'request.timeout',
      },
    });
    expect(ms).toBeLessThan(5_000);
    // Headers that never end (a slow-headers attack) get the same answer.
    const slowHeaders = await rawExchange(server.port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1');
    expect(slowHeaders.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(slowHeaders.text).toContain('"code":"request_timeout"');
    // Not HTTP at all: 400, still JSON.
    const garbage = await rawExchange(server.port, 'HELLO THERE\r\n\r\n');
    expect(garbage.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage.text).toContain('"code":"bad_request"');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('on SIGTERM, says "not ready" at once, finishes an upload in flight, then exits cleanly', async () => {
    const server = await startServerProcess({
      DATA_DIR: await seededDir(),
      WEB_DIST_DIR: webDist,
      SHUTDOWN_DELAY_MS: '3000',
      LOG_LEVEL: 'info',
    });
    await waitUntilReady(server.port);
    const cookie = await sessionCookie(server.port, 'manager@demo.test', seededPassword());
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'file', filename: 'late swatch.png', type: 'image/png', bytes: png }]);

    // An upload whose first half is on the wire when the stop signal comes.
    let signalled = 0;
    const answer = new Promise<{ status: number; json: { _id?: string; url?: string } }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/files',
          agent: false,
          headers: {
            projectid: 'demo',
            origin: `http://127.0.0.1:${server.port}`,
            cookie,
            'content-type': body.contentType,
            'content-length': body.payload.length,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      request.write(body.payload.subarray(0, body.payload.length / 2));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        signalled = performance.now();
        setTimeout(() => request.end(body.payload.subarray(body.payload.length / 2)), 3_500);
      }, 300);
    });

    // During the delay the load balancer hears "not ready"; the process is still alive. The
    // signal is handled as soon as the process runs: on a busy machine that can take a while,
    // so readiness is asked until it turns, for at most 2.5 of the delay's 3 s.
    while (!signalled) await new Promise((resolve) => setTimeout(resolve, 20));
    let ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    while (ready.status === 200 && performance.now() - signalled < 2_500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    }
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: { details: { state: string } } }).error.details.state).toBe('stopping');
    expect((await fetch(`http://127.0.0.1:${server.port}/livez`)).status).toBe(200);

    // The upload ends after the delay, while the server is closing: it is still stored.
    const uploaded = await answer;
    expect(uploaded.status).toBe(201);
    expect(uploaded.json.url).toMatch(/^\/api\/files\//);
    expect(await server.exited).toBe(0);
    // The stop is told in the structured log, one JSON object per line.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
    // After it stopped, nothing listens.
    await expect(fetch(`http://127.0.0.1:${server.port}/livez`)).rejects.toThrow();
  }, 90_000);

  it('refuses to start in production without its database, mail and secret, saying which', async () => {
    const server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      DATABASE_URL: '',
      SMTP_URL: '',
      AUTH_SECRET: '',
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    for (const key of ['DATABASE_URL', 'SMTP_URL', 'AUTH_SECRET'])
      expect(output).toContain(`  - ${key}: required in production`);
    expect(output).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }, 30_000);
});
