/**
 * `npm run bench`: prints one line per figure (DESIGN.md §11). Figures, not pass/fail;
 * the test suite never times anything.
 *
 *   npm run bench                 every figure
 *   npm run bench -- startup      cold start of `npm start` on the embedded database
 *   npm run bench -- bundles      gzip JavaScript and CSS a browser downloads per page
 *   npm run bench -- signin       time of one e-mail and password sign-in, server side
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../apps/web/e2e/support/browser.ts';
import { freePort } from './lib/postgres-cluster.ts';

const root = path.resolve(import.meta.dirname, '..');

/** A GET to the local server as if on the demo subdomain (Node's fetch cannot set Host). */
function getOnDemo(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { host: `demo.localhost:${port}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

function line(name: string, value: string) {
  console.log(`${name.padEnd(48)} ${value}`);
}

interface Started {
  port: number;
  ms: number;
  stop(): Promise<void>;
}

/** Runs a command that starts the portal and times it until the demo's first page is served. */
async function startAndTime(command: string, args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null) return;
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`start failed:\n${output}`);
    try {
      const page = await getOnDemo(port, '/');
      const project = await getOnDemo(port, '/api/project');
      if (page.status === 200 && project.status === 200 && page.body.includes('<div id="root">')) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 120_000) {
      await stop();
      throw new Error(`no page after 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, ms: performance.now() - started, stop };
}

async function benchStartup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-bench-'));
  const env = { DATA_DIR: dataDir };
  const cold = await startAndTime('npm', ['start'], env);
  await cold.stop();
  line('npm start, fresh data dir → first page', `${(cold.ms / 1000).toFixed(1)} s (build, migrate, seed)`);
  const warm = await startAndTime(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], env);
  await warm.stop();
  line('server restart, existing data → first page', `${(warm.ms / 1000).toFixed(1)} s`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function benchBundles() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-bench-'));
  const server = await startAndTime(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const pagePath of ['/sign-in', '/embed', '/400']) {
      // A fresh context each time: nothing cached, as on a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const sizes = { js: 0, css: 0, files: 0, wire: 0 };
      const detail: string[] = [];
      const pending: Array<Promise<void>> = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(
          Promise.all([response.body(), response.request().sizes()]).then(([body, transfer]) => {
            const gzip = zlib.gzipSync(body).length;
            if (type === 'script') sizes.wire += Math.max(0, transfer.responseBodySize);
            if (type === 'script') sizes.js += gzip;
            else sizes.css += gzip;
            sizes.files++;
            if (process.env.BENCH_DETAIL) detail.push(`${(gzip / 1024).toFixed(1).padStart(6)} ${response.url().split('/').pop()}`);
          }),
        );
      });
      await page.goto(`http://demo.localhost:${server.port}${pagePath}`, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      await context.close();
      if (process.env.BENCH_DETAIL) console.log(detail.sort().join('\n'));
      line(
        `gzip downloaded for ${pagePath}`,
        `JS ${(sizes.js / 1024).toFixed(1)} KB, CSS ${(sizes.css / 1024).toFixed(1)} KB (${sizes.files} files); JS sent (brotli) ${(sizes.wire / 1024).toFixed(1)} KB`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** POSTs JSON to the local server as if on the demo subdomain. */
function postOnDemo(port: number, urlPath: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        headers: { host: `demo.localhost:${port}`, origin: `http://demo.localhost:${port}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function benchSignIn() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-bench-'));
  const password = 'Bench-password-2026';
  const server = await startAndTime(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { DATA_DIR: dataDir, DEMO_PASSWORD: password });
  try {
    const times: number[] = [];
    const emails = ['buyer@demo.test', 'olivia.chen@demo.test', 'hannah.lee@demo.test', 'sofia.martin@demo.test'];
    for (let i = 0; i < 24; i++) {
      const started = performance.now();
      const status = await postOnDemo(server.port, '/api/auth/sign-in/email', { email: emails[i % emails.length], password });
      if (status !== 200) throw new Error(`sign-in answered ${status}`);
      if (i >= 4) times.push(performance.now() - started); // the first few warm the server up
    }
    times.sort((a, b) => a - b);
    line('one sign-in (e-mail + password, embedded db)', `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${times.length} runs)`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const benches: Record<string, () => Promise<void>> = { startup: benchStartup, bundles: benchBundles, signin: benchSignIn };
const selected = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(benches);
for (const name of selected) {
  const bench = benches[name];
  if (!bench) throw new Error(`unknown bench "${name}"; choose from ${Object.keys(benches).join(', ')}`);
  await bench();
}
