import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { DESKTOP, origin, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { createManager } from './support/fixtures.ts';
import { callPortal } from './support/portal-call.ts';

/**
 * Settings → Integrations, as a design-centre manager uses it (docs/integrations.md): an endpoint
 * for the ERP that hears a test event, signed so that the Standard Webhooks library accepts it,
 * seen delivered in the log; an API key shown once that reads leads until it is revoked; the
 * page in French.
 */
const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
const receiver = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.writeHead(200).end('thanks');
  });
});
const port = await new Promise<number>((resolve) =>
  receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as AddressInfo).port)),
);
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('integrations', () => {
  const session = useBrowser({ viewport: DESKTOP });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('adds an endpoint, keeps its secret, sees a signed test event delivered, and makes and revokes an API key', async () => {
    const { page } = browser;
    const manager = await createManager();
    await signIn(page, { email: manager.email, password: manager.password, next: '/manage/integrations' });
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByTestId('no-endpoints').waitFor();

    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    await page.getByLabel('Address').fill(`http://127.0.0.1:${port}/erp`);
    await page.getByLabel('Description').fill('Purchase orders');
    await page.getByLabel('Selection approved').check();
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    const secret = (await page.getByTestId('shown-once').locator('pre, code').first().textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have kept it' }).click();
    expect(await page.getByTestId('shown-once').count()).toBe(0);

    await page.getByRole('button', { name: 'Send a test event' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [delivery] = received;
    const event = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
      type: string;
    };
    expect(event.type).toBe('webhook.test');

    await page.getByRole('button', { name: 'Delivery log' }).click();
    await page.getByText('webhook.test').waitFor();
    await expect.poll(() => page.getByText('Delivered', { exact: true }).count(), { timeout: 10_000 }).toBe(1);

    // A key for the CRM: shown once, it reads the leads, and nothing once revoked.
    await page.getByRole('textbox', { name: /^Name/ }).fill('CRM');
    await page.getByLabel('Read leads').check();
    await page.getByRole('button', { name: 'Create the key' }).click();
    const token = (await page.getByTestId('shown-once').locator('pre, code').first().textContent())!.trim();
    expect(token).toMatch(/^dpk_/);
    const leads = async () =>
      (
        await callPortal({
          host: new URL(origin('demo')).host,
          method: 'GET',
          path: '/api/manage/leads',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status;
    expect(await leads()).toBe(200);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Click again to revoke' }).click();
    await page.getByText('Revoked', { exact: true }).waitFor();
    expect(await leads()).toBe(401);

    // The same page in French.
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('heading', { name: 'Intégrations', level: 1 }).waitFor();
    await page.getByText('Révoquée', { exact: true }).waitFor();
  });
});
