import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './support/test-app.ts';
import { compiledServerArgs } from '../../../scripts/lib/compiled-server.ts';
import { lockDirectory, DirectoryInUseError } from '../src/lib/dir-lock.ts';
import { openDatabase } from '../src/db/client.ts';

/**
 * One process per embedded database (docs/operations.md): a second server on a data
 * directory in use refuses to start with a clear message, a lock left by a process killed
 * with -9 is taken over, and no acknowledged write is lost. Real server processes, started
 * as `npm start` starts them. PGlite only: PostgreSQL serves many processes.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-lock-'));
const webDist = fakeWebDist();
const started: ChildProcess[] = [];
const PASSWORD = 'lock-test-demo-password';

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(port: number, { dir = dataDir, demoPassword = PASSWORD as string | null } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: webDist, LOG_LEVEL: 'warn', NODE_ENV: 'test' };
  delete env.DEMO_PASSWORD;
  if (demoPassword) env.DEMO_PASSWORD = demoPassword;
  const child = spawn(process.execPath, compiledServerArgs(), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitUntilReady(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server on port ${port} did not become ready`);
}

// fetch sends its own Host (127.0.0.1:port): the project travels in the ProjectId header, as on a bare IP.
const headers = (port: number, cookie?: string) => ({ projectid: 'demo', origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });

async function signInAs(port: number, email: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, { method: 'POST', headers: headers(port), body: JSON.stringify({ email, password }) });
}

async function signInManager(port: number): Promise<string> {
  const response = await signInAs(port, 'manager@demo.test', PASSWORD);
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

describe('one process per embedded database', () => {
  it('refuses a second server on a data directory in use, and keeps every acknowledged write through kill -9', async () => {
    const firstPort = await freePort();
    const first = startServer(firstPort);
    await waitUntilReady(firstPort);

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('The embedded database is in use by another Decor Portal process');
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toMatch(/\bat .+\.ts:\d+/);

    const cookie = await signInManager(firstPort);
    const acknowledged: string[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`http://127.0.0.1:${firstPort}/api/schema/rooms/`, {
        method: 'POST',
        headers: headers(firstPort, cookie),
        body: JSON.stringify({ name: `Lock test room ${i}`, order: 50 + i }),
      });
      if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
      acknowledged.push(((await response.json()) as { _id: string })._id);
    }
    expect(acknowledged).toHaveLength(40);

    first.child.kill('SIGKILL');
    await first.exited;
    // The holder died without releasing: the next start detects the stale lock and takes over.
    const thirdPort = await freePort();
    const third = startServer(thirdPort);
    await waitUntilReady(thirdPort);
    const cookieAgain = await signInManager(thirdPort);
    const list = await fetch(`http://127.0.0.1:${thirdPort}/api/schema/rooms/?limit=200`, { headers: headers(thirdPort, cookieAgain) });
    const ids = new Set(((await list.json()) as Array<{ _id: string }>).map((room) => room._id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 150_000);

  it('shares one lock between two spellings of the same directory (a symlink)', async () => {
    const real = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-real-'));
    const alias = `${real}-alias`;
    fs.symlinkSync(real, alias);
    const first = await openDatabase({ pgliteDir: path.join(real, 'pglite') });
    try {
      await expect(openDatabase({ pgliteDir: path.join(alias, 'pglite') })).rejects.toThrow(DirectoryInUseError);
    } finally {
      await first.close();
      fs.rmSync(alias, { force: true });
      fs.rmSync(real, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a lock held by a live process, and takes over one whose holder is gone', () => {
    const lockPath = path.join(dataDir, 'unit.lock');
    const release = lockDirectory(lockPath);
    expect(() => lockDirectory(lockPath)).toThrow(DirectoryInUseError);
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
    // A lock left by a process that no longer exists (pid far above any live one).
    fs.writeFileSync(lockPath, JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), startTicks: '1', since: '2026-01-01T00:00:00Z' }));
    const releaseAgain = lockDirectory(lockPath);
    expect(JSON.parse(fs.readFileSync(lockPath, 'utf8')).pid).toBe(process.pid);
    releaseAgain();
  });

  it('prints a generated demo password once, and a restart never gives an account its old password back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-demo-pw-'));
    const port = await freePort();
    const first = startServer(port, { dir, demoPassword: null });
    await waitUntilReady(port);
    await expect.poll(() => first.output()).toContain('Demo accounts');
    const printed = /password for all: (\S+?);/.exec(first.output())?.[1];
    expect(printed).toBeTruthy();
    expect(fs.readFileSync(path.join(dir, 'demo-password'), 'utf8').trim()).toBe(printed);

    // The admin changes the password.
    const signedIn = await signInAs(port, 'admin@demo.test', printed!);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const changed = await fetch(`http://127.0.0.1:${port}/api/auth/change-password`, {
      method: 'POST',
      headers: { ...headers(port), cookie },
      body: JSON.stringify({ currentPassword: printed, newPassword: 'Admin-chose-this-2026' }),
    });
    expect(changed.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const restarted = startServer(port, { dir, demoPassword: null });
    await waitUntilReady(port);
    await expect.poll(() => restarted.output()).toContain('Demo accounts');
    expect(restarted.output()).not.toContain(printed!);
    expect((await signInAs(port, 'admin@demo.test', printed!)).status).toBe(401);
    expect((await signInAs(port, 'admin@demo.test', 'Admin-chose-this-2026')).status).toBe(200);
    restarted.child.kill('SIGTERM');
    await restarted.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }, 150_000);
});
