import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './support/test-app.ts';
import { multipart } from './support/multipart.ts';
import {
  ipHeaders,
  seededDataDir,
  seededPassword,
  sessionCookie,
  startServerProcess,
  stopAll,
  testProcessArgs,
  waitUntilReady,
  type ServerProcess,
} from './support/server-process.ts';
import { COMPILED_BACKUP } from '../../../scripts/lib/compiled-server.ts';

/**
 * `npm run backup` / `npm run restore` on the embedded database and the files
 * (docs/operations.md, "Backups"): what was backed up comes back, what came later is gone
 * but kept aside, and a running server's database is never copied half-written. The
 * compiled commands and server; PGlite only.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-backup-'));
const dataDir = path.join(root, 'data');
// The data directory as a first start leaves it (what is tested is the backup, not the first start).
await seededDataDir(dataDir);
const PASSWORD = seededPassword();
const webDist = fakeWebDist();
afterAll(() => {
  stopAll();
  fs.rmSync(root, { recursive: true, force: true });
});

const tool = (...args: string[]) => {
  const result = spawnSync(process.execPath, [...testProcessArgs(COMPILED_BACKUP), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

async function start(): Promise<{ server: ServerProcess; cookie: string }> {
  const server = await startServerProcess({ DATA_DIR: dataDir, WEB_DIST_DIR: webDist });
  await waitUntilReady(server.port);
  return { server, cookie: await sessionCookie(server.port, 'manager@demo.test', PASSWORD) };
}
async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}
const addRoom = async (server: ServerProcess, cookie: string, name: string) => {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/schema/rooms/`, {
    method: 'POST',
    headers: ipHeaders(server.port, cookie),
    body: JSON.stringify({ name, order: 90 }),
  });
  expect(response.status).toBe(201);
};
const roomNames = async (server: ServerProcess, cookie: string) => {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/schema/rooms/?limit=200`, {
    headers: ipHeaders(server.port, cookie),
  });
  return ((await response.json()) as Array<{ name: string }>).map((room) => room.name);
};

describe('backup and restore of the embedded database and the files', () => {
  it('brings back what was backed up, keeps what it replaces aside, and refuses while a server runs', async () => {
    const first = await start();
    await addRoom(first.server, first.cookie, 'Room before the backup');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 90, g: 30, b: 120 } } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'file', filename: 'plum.png', type: 'image/png', bytes: png }]);
    const uploaded = await fetch(`http://127.0.0.1:${first.server.port}/api/files`, {
      method: 'POST',
      headers: { ...ipHeaders(first.server.port, first.cookie), 'content-type': body.contentType },
      body: body.payload,
    });
    expect(uploaded.status).toBe(201);
    const fileUrl = ((await uploaded.json()) as { url: string }).url;
    const original = Buffer.from(
      await (
        await fetch(`http://127.0.0.1:${first.server.port}${fileUrl}`, {
          headers: ipHeaders(first.server.port, first.cookie),
        })
      ).arrayBuffer(),
    );

    // A running server holds the database: no copy of it half-written.
    const whileRunning = tool('backup', path.join(root, 'refused'));
    expect(whileRunning.status).toBe(1);
    expect(whileRunning.output).toContain('The embedded database is in use by another Decor Portal process');
    expect(whileRunning.output).not.toMatch(/\bat .+\.(ts|js):\d+/);
    await stop(first.server);

    const folder = path.join(root, 'nightly');
    const backedUp = tool('backup', folder);
    expect(backedUp.status, backedUp.output).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'backup.json'), 'utf8'));
    const filesOnDisk = fs
      .readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile()).length;
    // The demo's product photos and the upload (a picture and its two thumbnails).
    expect(filesOnDisk).toBeGreaterThan(3);
    expect(manifest).toMatchObject({ database: 'pglite', files: 'disk', fileCount: filesOnDisk });
    expect(manifest.migrations).toBe(
      JSON.parse(fs.readFileSync(path.resolve(COMPILED_BACKUP, '../migrations/meta/_journal.json'), 'utf8')).entries
        .length,
    );
    expect(fs.statSync(path.join(folder, 'auth-secret')).mode & 0o077).toBe(0);
    // A second backup never writes into a folder in use.
    expect(tool('backup', folder).output).toContain('is not empty');

    const second = await start();
    await addRoom(second.server, second.cookie, 'Room after the backup');
    await stop(second.server);

    const restored = tool('restore', folder);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toMatch(/kept in .*pglite\.before-restore-/);
    const aside = fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);

    const third = await start();
    const names = await roomNames(third.server, third.cookie);
    expect(names).toContain('Room before the backup');
    expect(names).not.toContain('Room after the backup');
    const again = Buffer.from(
      await (
        await fetch(`http://127.0.0.1:${third.server.port}${fileUrl}`, {
          headers: ipHeaders(third.server.port, third.cookie),
        })
      ).arrayBuffer(),
    );
    expect(again.equals(original)).toBe(true);
    await stop(third.server);
  }, 180_000);

  it('refuses what is not a backup, or one made by a newer version, in one sentence', () => {
    const notBackup = tool('restore', root);
    expect(notBackup.status).toBe(1);
    expect(notBackup.output).toContain('is not a Decor Portal backup');
    const newer = path.join(root, 'from-the-future');
    fs.mkdirSync(newer);
    fs.writeFileSync(
      path.join(newer, 'backup.json'),
      JSON.stringify({
        createdAt: '2031-01-01T00:00:00Z',
        migrations: 999,
        database: 'pglite',
        files: 'disk',
        fileCount: 0,
        bytes: 0,
      }),
    );
    const refused = tool('restore', newer);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('made by a newer version');
    expect(tool('restore').output).toContain('Name the backup folder');
  });
});
