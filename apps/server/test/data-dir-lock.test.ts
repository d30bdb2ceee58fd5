import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './support/test-app.ts';
import {
  freePort,
  ipHeaders,
  firstStartOutput,
  seededDataDir,
  seededPassword,
  sessionCookie,
  signInAs,
  startServerProcess,
  stopAll,
  waitUntilReady,
} from './support/server-process.ts';
import { lockDirectory, DirectoryInUseError } from '../src/lib/dir-lock.ts';
import { openDatabase } from '../src/db/client.ts';

/**
 * One process per embedded database (docs/operations.md): a second server on a data
 * directory in use refuses to start with a clear message, a lock left by a process killed
 * with -9 is taken over, and no acknowledged write is lost. Real server processes, started
 * as `npm start` starts them. PGlite only: PostgreSQL serves many processes.
 */
// A directory as a first start leaves it: what is tested here is the lock, not the first start.
const dataDir = await seededDataDir();
const webDist = fakeWebDist();
const PASSWORD = seededPassword();

afterAll(() => {
  stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A server on the shared test directory, or another one, without DEMO_PASSWORD: the directory keeps its own. */
const startServer = async (port: number, { dir = dataDir } = {}) =>
  startServerProcess({ DATA_DIR: dir, WEB_DIST_DIR: webDist, DEMO_PASSWORD: undefined }, port);

const signInManager = (port: number) => sessionCookie(port, 'manager@demo.test', PASSWORD);

describe('one process per embedded database', () => {
  it('refuses a second server on a data directory in use, and keeps every acknowledged write through kill -9', async () => {
    const firstPort = await freePort();
    const first = await startServer(firstPort);
    await waitUntilReady(firstPort);

    const second = await startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('The embedded database is in use by another Decor Portal process');
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toMatch(/\bat .+\.ts:\d+/);

    const cookie = await signInManager(firstPort);
    const acknowledged: string[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`http://127.0.0.1:${firstPort}/api/schema/rooms/`, {
        method: 'POST',
        headers: ipHeaders(firstPort, cookie),
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
    const third = await startServer(thirdPort);
    await waitUntilReady(thirdPort);
    const cookieAgain = await signInManager(thirdPort);
    const list = await fetch(`http://127.0.0.1:${thirdPort}/api/schema/rooms/?limit=200`, {
      headers: ipHeaders(thirdPort, cookieAgain),
    });
    const ids = new Set(((await list.json()) as Array<{ _id: string }>).map((room) => room._id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 150_000);

  it('shares one lock between two spellings of the same directory (a symlink)', async () => {
    // A data directory whose database a first start made: opening it is the lock and a start, not a set-up.
    const real = await seededDataDir();
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
    fs.writeFileSync(
      lockPath,
      JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), startTicks: '1', since: '2026-01-01T00:00:00Z' }),
    );
    const releaseAgain = lockDirectory(lockPath);
    expect(JSON.parse(fs.readFileSync(lockPath, 'utf8')).pid).toBe(process.pid);
    releaseAgain();
  });

  it('prints a generated demo password once, and a restart never gives an account its old password back', async () => {
    // The seeded directory's first start had no DEMO_PASSWORD, as on a fresh machine: it
    // generated the password, printed it and kept it in the directory.
    const printed = /password for all: (\S+?);/.exec(firstStartOutput())?.[1];
    expect(printed).toBeTruthy();
    const dir = await seededDataDir();
    expect(fs.readFileSync(path.join(dir, 'demo-password'), 'utf8').trim()).toBe(printed);

    // A restart names where the password is, never the password.
    const port = await freePort();
    const first = await startServer(port, { dir });
    await waitUntilReady(port);
    await expect.poll(() => first.output()).toContain('Demo accounts');
    expect(first.output()).not.toContain(printed!);

    // The admin changes the password.
    const signedIn = await signInAs(port, 'admin@demo.test', printed!);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const changed = await fetch(`http://127.0.0.1:${port}/api/auth/change-password`, {
      method: 'POST',
      headers: { ...ipHeaders(port), cookie },
      body: JSON.stringify({ currentPassword: printed, newPassword: 'Admin-chose-this-2026' }),
    });
    expect(changed.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const restarted = await startServer(port, { dir });
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
