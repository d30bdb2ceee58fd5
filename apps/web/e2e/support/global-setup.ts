/**
 * Starts the real server, exactly as `npm start` does but on a fresh PostgreSQL database
 * with the demo data, serving the built web app. Stops it afterwards.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, freePort, TEMPLATE_DATABASE } from '../../../../scripts/lib/postgres-cluster.ts';
import { e2eServerEnv } from './server-env.ts';
import { startMailToFiles } from './mail-files.ts';
import { compiledServerArgs } from '../../../../scripts/lib/compiled-server.ts';
import { findChromium } from './chromium.ts';
import { startStripeLocal } from '../../../../scripts/lib/stripe-local.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
export const E2E_DEMO_PASSWORD = 'e2e-demo-password';

export default async function setup() {
  // No browser: stop before anything runs, with the command that installs one (never a half-run).
  const browser = findChromium();
  if (browser.source !== 'system')
    console.log(
      `Browser tests use ${browser.source === 'package' ? "the npm registry's Chromium (@sparticuz/chromium)" : browser.executablePath}.`,
    );
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built. Run `npm test` (it builds first) or `npm run build`.');
  }
  const serverUrl = process.env.TEST_PG_SERVER_URL;
  if (!serverUrl) throw new Error('TEST_PG_SERVER_URL is not set (the root global setup starts PostgreSQL).');
  const name = `e2e_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-e2e-'));
  const mailDir = path.join(dataDir, 'mail');
  const mailServer = await startMailToFiles(mailDir);
  // Card payments go to the tests' Stripe-compatible server; its webhooks come back to this server.
  const stripe = await startStripeLocal();
  const child = spawn(process.execPath, compiledServerArgs(), {
    cwd: root,
    env: {
      ...e2eServerEnv({ port, databaseUrl: databaseUrl(serverUrl, name), dataDir, smtpUrl: mailServer.url }),
      SEED_DEMO: '1',
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // The integrations journey's receiver listens on loopback (docs/integrations.md, "Safety").
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let isStopping = false;
  // A server that dies under the tests says why, instead of leaving only "connection refused".
  child.once('exit', (code, signal) => {
    if (!isStopping)
      console.error(`The e2e server exited (${code ?? signal}) while the tests ran:\n${output.slice(-8000)}`);
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  stripe.setWebhookTarget(`http://127.0.0.1:${port}/api/payments/card-webhook`);
  process.env.E2E_STRIPE_URL = stripe.url;
  process.env.E2E_PORT = String(port);
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = mailServer.url;
  process.env.E2E_DATABASE_URL = databaseUrl(serverUrl, name);
  return async () => {
    isStopping = true;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await mailServer.close();
    await stripe.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
