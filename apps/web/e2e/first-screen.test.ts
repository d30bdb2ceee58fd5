import { beforeEach, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';
import { origin, PHONE, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { createBuyerWithCompleteCart } from './support/fixtures.ts';

/** The reads a buyer's pages make before their first screen (docs/performance.md, "First paint"). */
const isFirstScreenRead = (request: Request) => {
  const { pathname } = new URL(request.url());
  return (
    request.method() === 'GET' &&
    (/^\/api\/(me|me\/projects|carts\/mine|project)$/.test(pathname) || pathname.startsWith('/api/schema/'))
  );
};

describe('a signed-in buyer’s first screen, carried by the page', () => {
  // With the page transitions on, as most people see them (decision 043).
  const session = useBrowser({ viewport: PHONE, motion: 'full' });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('draws My home and Configure with no request for their data, and what the buyer changes is what the next page carries', async () => {
    const { page } = browser;
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `first-screen-${Date.now()}@demo.test`,
      password: E2E_DEMO_PASSWORD,
    });
    await signIn(page, { email: buyer.email, password: buyer.password, next: '/configure' });
    await page.waitForURL((url) => url.pathname === '/configure');
    await page.getByTestId('option-card').first().waitFor();

    const asked: string[] = [];
    const listen = (request: Request) => {
      if (isFirstScreenRead(request)) asked.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    page.on('request', listen);
    try {
      // A page opened afresh: the cart, the catalogue, the person's projects all come with it.
      await page.goto(`${origin()}/configure`);
      await page.getByTestId('option-card').first().waitFor();
      const total = page.getByTestId('live-total');
      const before = await total.textContent();
      expect(asked).toEqual([]);

      // A choice still goes to the server; a new page carries it, not what the first one did.
      await page.getByRole('tab', { name: 'Living Room' }).click();
      const card = page.locator('[data-option="Engineered Oak – Honey"]').first();
      await card.click();
      await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
      const after = await total.textContent();
      expect(after).not.toBe(before);
      asked.length = 0;
      await page.reload();
      await page.getByRole('tab', { name: 'Living Room' }).click();
      await expect
        .poll(() => page.locator('[data-option="Engineered Oak – Honey"]').first().getAttribute('aria-pressed'))
        .toBe('true');
      expect(await page.getByTestId('live-total').textContent()).toBe(after);
      expect(asked).toEqual([]);

      // My home: the same.
      await page.goto(`${origin()}/`);
      await page.getByTestId('home-cart').waitFor();
      expect(await page.getByTestId('home-cart').textContent()).toContain(after!);
      expect(asked).toEqual([]);
    } finally {
      page.off('request', listen);
    }
  });
});
