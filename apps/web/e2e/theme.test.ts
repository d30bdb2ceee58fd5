import { beforeEach, describe, expect, it } from 'vitest';
import { demoProject, harbourProject } from '../../server/src/db/seed/demo-catalogue.ts';
import { openBrowser, origin, PHONE, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { createBuyerWithCompleteCart } from './support/fixtures.ts';

const session = useBrowser();
let browser: BrowserSession;
beforeEach(() => {
  browser = session();
});

function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The colours the page shows, once the project (and so its theme) has loaded. */
async function coloursOf(projectKey: string, name: string) {
  const { page } = browser;
  await page.goto(`${origin(projectKey)}/400?reason=link-expired`);
  await page.getByTestId('logo-band').getByText(name).waitFor();
  // The page itself, drawn after the frame: its Sign in is the primary button (the header's is a light one).
  await page.getByTestId('bad-link-reason').waitFor();
  const band = await page.getByTestId('logo-band').evaluate((el) => getComputedStyle(el).backgroundColor);
  const primaryButton = page.getByRole('link', { name: 'Sign in' }).last();
  const button = await primaryButton.evaluate((el) => getComputedStyle(el).backgroundColor);
  return { band, button };
}

describe("each project's theme", () => {
  // Expected colours come from the seed data, not from the API under test.
  for (const seed of [demoProject, harbourProject]) {
    it(`paints the logo band and primary buttons of ${seed.key} in its colours`, async () => {
      const colours = await coloursOf(seed.key, seed.name);
      expect(colours).toEqual({ band: rgb(seed.theme.logoBg), button: rgb(seed.theme.primary) });
    });
  }
});

describe('on a phone', () => {
  it('folds a buyer’s navigation into a menu button; a visitor gets none', async () => {
    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      const { page } = phone;
      // A visitor on a buyer's page (a bad link's) is offered to sign in, not the buyer's menu.
      await page.goto(`${origin()}/400`);
      await page.getByTestId('bad-link-reason').waitFor();
      expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
      const buyer = await createBuyerWithCompleteCart({
        projectKey: 'demo',
        email: `menu-${Date.now()}@example.test`,
        password: 'Menu-buyer-2026',
      });
      await signIn(page, { email: buyer.email, password: buyer.password, next: '/400' });
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await menu.waitFor();
      const nav = page.getByRole('link', { name: 'Configure' });
      const rightEdge = () => nav.evaluate((el) => el.getBoundingClientRect().right);
      expect(await rightEdge()).toBeLessThanOrEqual(0); // off screen to the left
      await menu.click();
      await page.waitForFunction(() => {
        const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Configure');
        return link !== undefined && link.getBoundingClientRect().left >= 0;
      });
      expect(await rightEdge()).toBeGreaterThan(0);
      await nav.click();
      await page.waitForURL((url) => url.pathname === '/configure');
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
