import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../scripts/lib/postgres-cluster.ts';
import { compiledServerArgs } from '../../../../scripts/lib/compiled-server.ts';
import { e2eServerEnv } from './server-env.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

export interface ExtraServer {
  port: number;
  /** A project's address on this server. */
  origin(projectKey?: string): string;
  /** Stops it: SIGTERM as a deploy does, SIGKILL as a crash does. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * One more server process on the e2e database (the same PostgreSQL as the first): what a
 * second server behind a balancer is. Stopped by the test that starts it.
 */
export async function startAnotherServer(env: Record<string, string> = {}): Promise<ExtraServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-e2e-more-'));
  const child: ChildProcess = spawn(process.execPath, compiledServerArgs(), {
    cwd: root,
    // The same database and mail catcher as the first server: whichever server sends, the tests read it.
    env: {
      ...e2eServerEnv({ port, databaseUrl: process.env.E2E_DATABASE_URL, dataDir, smtpUrl: process.env.E2E_SMTP_URL }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The second server exited early:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The second server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    origin: (projectKey = 'demo') => `http://${projectKey}.localhost:${port}`,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill(signal);
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP balancer on loopback in front of several servers: each new connection goes to the first
 * server that accepts it, in the order given (a primary and its standby), skipping one that
 * refuses (a server that died), as a load balancer's health check would. Closed by the test that opens it.
 */
export async function startBalancer(
  ports: number[],
): Promise<{ port: number; origin(projectKey?: string): string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const attempt = (tries: number) => {
      const port = ports[ports.length - tries]!;
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        client.pipe(upstream).pipe(client);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
      });
      upstream.once('error', () => (tries > 1 ? attempt(tries - 1) : client.destroy()));
    };
    attempt(ports.length);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    port,
    origin: (projectKey = 'demo') => `http://${projectKey}.localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
