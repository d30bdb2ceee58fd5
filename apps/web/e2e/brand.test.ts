import { describe, expect, it } from 'vitest';
import { origin, PHONE } from './support/browser.ts';
import { useBrowser } from './support/browser.ts';

/**
 * The builder's brand from the first byte (docs/architecture.md, "White label"): on a slow
 * connection the page already shows the project's name and colours before the app has
 * loaded, never the platform's; a subdomain that is no project says so.
 */
describe('the first paint of a project', () => {
  const session = useBrowser({ viewport: PHONE, isMobile: true });

  it('shows the project’s name in its colours while the app is still loading, and never the platform’s', async () => {
    const { page } = session();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A slow connection: the app's scripts arrive only when the test lets them.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${origin('demo')}/sign-in`, { waitUntil: 'commit' });
    const shell = page.locator('#brand-shell');
    await shell.waitFor();
    expect(await page.title()).toBe('Maple Residences');
    expect(await shell.textContent()).toContain('Loading Maple Residences…');
    expect(await page.locator('body').innerText()).not.toContain('Decor Portal');
    const band = await shell.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(band).not.toBe('rgba(0, 0, 0, 0)');
    release();
    await page.getByLabel('E-mail address').waitFor();
    expect(await page.locator('#brand-shell').count()).toBe(0);
    expect(await page.title()).toContain('Maple Residences');
  });

  it('says plainly that a subdomain is no project', async () => {
    const { page } = session();
    const response = await page.goto(`${origin('nosuchproject')}/sign-in`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('No such project');
    expect(await page.getByLabel('E-mail address').count()).toBe(0);
  });
});
