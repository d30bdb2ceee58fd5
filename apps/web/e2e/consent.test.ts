import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { DESKTOP, PHONE, withBrowsers } from './support/browser.ts';
import { startAnotherServer, type ExtraServer } from './support/more-servers.ts';
import { audit } from './support/audit.ts';

/** Analytics only with consent (docs/public-pages.md, "Analytics"), on a server with both providers configured. */
let configured: ExtraServer;
beforeAll(async () => {
  configured = await startAnotherServer({ SESSION_RECORDING_ID: '3512345', ANALYTICS_ID: 'G-ABC123DEF4' });
}, 90_000);
afterAll(() => configured?.stop());

/** Every request this context makes to another site, answered here with an empty script (no request leaves the machine). */
async function thirdParties(context: BrowserContext, port: number): Promise<string[]> {
  const hosts: string[] = [];
  await context.route(
    (url) => !(url.hostname.endsWith('localhost') && url.port === String(port)),
    async (route) => {
      hosts.push(new URL(route.request().url()).hostname);
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
    },
  );
  return hosts;
}
const analyticsCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => /^(_hj|_ga)/.test(cookie.name)).map((c) => c.name);

describe('analytics only with consent', () => {
  it('loads nothing before consent or after Reject, and the configured providers once after Accept', async () => {
    await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([visitor]) => {
      const { page, context } = visitor!;
      const hosts = await thirdParties(context, configured.port);
      await page.goto(`${configured.origin()}/inquire`);
      const banner = page.getByTestId('consent-banner');
      await banner.waitFor();
      // Reject is as prominent as Accept: the same kind of button, the same size.
      const [reject, accept] = [
        banner.getByRole('button', { name: 'Reject' }),
        banner.getByRole('button', { name: 'Accept' }),
      ];
      const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
      expect(Math.abs(rejectBox!.width - acceptBox!.width)).toBeLessThan(2);
      expect(Math.abs(rejectBox!.height - acceptBox!.height)).toBeLessThan(2);
      expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
      await page.waitForLoadState('networkidle');
      expect(hosts).toEqual([]);
      expect(await analyticsCookies(context)).toEqual([]);

      await reject.click();
      await banner.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('cookie-settings').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('consent-banner').count()).toBe(0);
      expect(hosts).toEqual([]);
      expect(await analyticsCookies(context)).toEqual([]);

      // "Cookie settings" changes the choice: Accept loads both providers, from their own hosts.
      await page.getByTestId('cookie-settings').click();
      await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => [...new Set(hosts)].sort()).toEqual(['static.hotjar.com', 'www.googletagmanager.com']);
      expect(await page.locator('script[src*="hotjar-3512345.js?sv=6"]').count()).toBe(1);
      expect(await page.locator('script[src*="gtag/js?id=G-ABC123DEF4"]').count()).toBe(1);
    });
  });

  it('asks without standing in the way: the skip link first, the banner reached by Tab and left by it, the page scrolled clear of it, its choices named in French', async () => {
    await withBrowsers(1, { viewport: PHONE, isMobile: true, locale: 'fr-CA' }, async ([visitor]) => {
      const { page, context } = visitor!;
      await thirdParties(context, configured.port);
      await page.goto(`${configured.origin()}/inquire`);
      const banner = page.getByTestId('consent-banner');
      await banner.waitFor();
      const focused = () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          return {
            text: (element?.textContent ?? '').trim(),
            inBanner: Boolean(element?.closest('[data-testid="consent-banner"]')),
            isSkip: Boolean(element?.classList.contains('skip-link')),
          };
        });
      // The first Tab reaches the page's skip link, not the banner.
      await page.keyboard.press('Tab');
      expect((await focused()).isSkip).toBe(true);
      // Tab goes on through the page to the banner, and out of it again: nothing holds the focus.
      const seen: Array<{ inBanner: boolean; text: string }> = [];
      for (let press = 0; press < 60 && !(seen.some((f) => f.inBanner) && !seen.at(-1)!.inBanner); press++) {
        await page.keyboard.press('Tab');
        seen.push(await focused());
      }
      expect(seen.some((f) => f.inBanner && f.text === 'Refuser')).toBe(true);
      expect(seen.at(-1)!.inBanner).toBe(false);
      // The end of the page scrolls clear of the banner.
      const last = page.locator('main button, main a[href], main input').last();
      await last.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [lastBox, bannerBox] = [await last.boundingBox(), await banner.boundingBox()];
      expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(bannerBox!.y);
      // "Choose": each kind is a checkbox named by what it measures, in the reader's language.
      await banner.getByRole('button', { name: 'Choisir' }).click();
      expect(await banner.getByRole('checkbox').count()).toBe(2);
      for (const name of await banner
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '')))
        expect(name).toMatch(/\p{L}{4}/u);
      // The banner's Choose step, over the page, as axe-core and the layout checks see it.
      expect(await audit(page, 'consent banner, Choose (fr-CA)')).toEqual([]);
    });
  });

  it('never runs on the screens, the phones, the diagnostics or the identity pages, even after Accept', async () => {
    await withBrowsers(1, { viewport: DESKTOP }, async ([visitor]) => {
      const { page, context } = visitor!;
      const hosts = await thirdParties(context, configured.port);
      await page.goto(`${configured.origin()}/inquire`);
      await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept' }).click();
      // Both providers' scripts asked for by /inquire before it is left: a straggler of that page is not one of the next.
      await expect.poll(() => [...new Set(hosts)].sort()).toEqual(['static.hotjar.com', 'www.googletagmanager.com']);
      hosts.length = 0;
      for (const path of ['/controller', '/test/gamelift', '/sign-in', '/embed', '/v']) {
        await page.goto(`${configured.origin()}${path}`);
        await page.waitForLoadState('networkidle');
        expect(await page.getByTestId('cookie-settings').count(), path).toBe(0);
      }
      expect(hosts).toEqual([]);
    });
  });
});
