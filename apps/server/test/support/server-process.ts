import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { compiledServerArgs } from '../../../../scripts/lib/compiled-server.ts';
import { freePort } from '../../../../scripts/lib/postgres-cluster.ts';

/**
 * Real server processes, started from the compiled build as `npm start` starts them, for
 * the tests of what only a process shows: its data directory lock, stopping, time-outs,
 * several servers on one database. Each is killed at the end of its file (`stopAll`).
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const started: ChildProcess[] = [];

export { freePort };

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far. */
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Node's arguments that run a compiled entry in a test: PGlite's WebAssembly is compiled by
 * V8's baseline compiler only (`--liftoff-only`). A test's server answers a few dozen requests;
 * the optimizing compiler's work on the database's code took 2 of a start's 6 s of processor
 * time and never paid back (docs/testing.md, "The compiled server in tests"). What the server does is the same.
 */
export function testProcessArgs(entry?: string): string[] {
  return ['--liftoff-only', ...compiledServerArgs(entry)];
}

/** Starts the compiled server on a free loopback port with the given environment (plus a quiet log). */
export async function startServerProcess(env: NodeJS.ProcessEnv, port?: number): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(chosen),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...env,
  };
  for (const [key, value] of Object.entries(full)) if (value === undefined) delete full[key];
  const child = spawn(process.execPath, testProcessArgs(), { cwd: ROOT, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port: chosen, output: () => output, exited };
}

export async function waitUntilReady(port: number, timeoutMs = 60_000) {
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

/**
 * A data directory as a first start leaves it, copied into `target` or a new folder: a first
 * start takes seconds (migrations, the demo projects, their drawn photos), a copy a moment. The
 * first file of the run that asks makes it with the compiled server, as `npm start` does on a
 * fresh machine: no DEMO_PASSWORD, so the start generates the demo accounts' password, prints it
 * once and keeps it in the directory (`seededPassword`, `firstStartOutput`). The others wait for
 * it; the PGlite suite's global setup names the folder it is kept in.
 */
/** The longest a server's first start may take in the tests (a limit on a hung start, not a figure). */
export const FIRST_START_LIMIT_MS = 180_000;

export async function seededDataDir(target?: string): Promise<string> {
  const { template, ready, root } = seededPaths();
  if (!fs.existsSync(ready)) {
    let isMaker = false;
    try {
      fs.mkdirSync(path.join(root, 'making'));
      isMaker = true;
    } catch {
      // Another file of this run is making it.
    }
    if (isMaker) {
      const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-seed-web-'));
      fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>seed</title>');
      const server = await startServerProcess({ DATA_DIR: template, WEB_DIST_DIR: webDist, DEMO_PASSWORD: undefined });
      // A first start draws every product photo: on a CI machine whose two cores also run the browser
      // journeys it has taken more than a minute. The limit ends a hung start; its output says why.
      await waitUntilReady(server.port, FIRST_START_LIMIT_MS).catch((error: unknown) => {
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}: the first start said:\n${server.output().slice(-4000)}`,
        );
      });
      server.child.kill('SIGTERM');
      if ((await server.exited) !== 0) throw new Error(`the seeding server did not stop cleanly:\n${server.output()}`);
      fs.rmSync(webDist, { recursive: true, force: true });
      fs.writeFileSync(path.join(root, 'first-start.log'), server.output());
      fs.writeFileSync(ready, '');
    } else {
      const deadline = Date.now() + FIRST_START_LIMIT_MS + 10_000;
      while (!fs.existsSync(ready)) {
        if (Date.now() > deadline)
          throw new Error(`the seeded data directory was not made within ${FIRST_START_LIMIT_MS / 1000 + 10} s`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
  const dir = target ?? fs.mkdtempSync(path.join(os.tmpdir(), 'decor-seeded-'));
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

function seededPaths() {
  const root = process.env.TEST_SEEDED_DIR_ROOT;
  if (!root) throw new Error('TEST_SEEDED_DIR_ROOT is not set (the PGlite suite’s global setup sets it).');
  return { root, template: path.join(root, 'template'), ready: path.join(root, 'ready') };
}

/** The demo accounts' password in a data directory from `seededDataDir`: the one its first start generated. */
export function seededPassword(): string {
  return fs.readFileSync(path.join(seededPaths().template, 'demo-password'), 'utf8').trim();
}

/** What the first start of the seeded data directory printed. */
export function firstStartOutput(): string {
  return fs.readFileSync(path.join(seededPaths().root, 'first-start.log'), 'utf8');
}

/** Kills whatever a test file started and left running. */
export function stopAll() {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// fetch sends its own Host (127.0.0.1:port): the project travels in the ProjectId header, as on a bare IP.
export const ipHeaders = (port: number, cookie?: string, project = 'demo') => ({
  projectid: project,
  origin: `http://127.0.0.1:${port}`,
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
});

export async function signInAs(port: number, email: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: ipHeaders(port),
    body: JSON.stringify({ email, password }),
  });
}

/** Signs a person in on a server process and returns the session's Cookie header. */
export async function sessionCookie(port: number, email: string, password: string): Promise<string> {
  const response = await signInAs(port, email, password);
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
