import { describe, expect, it } from 'vitest';
import { DESKTOP, openBrowser, PHONE, signIn } from './support/browser.ts';
import { createOutsider } from './support/fixtures.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';

/**
 * Someone who is not a buyer of the project (signed themselves up, or a buyer of another
 * project) is told on every buyer page why there is nothing to show and how to get in —
 * never "could not be loaded", never an endless placeholder.
 */
describe('buyer pages for someone who is not a buyer here', () => {
  // On a phone, as buyers mostly arrive; the same pages at a desktop's width are the accessibility sweep's.
  for (const [label, viewport, isMobile] of [['phone', PHONE, true]] as const) {
    it(`${label}: every buyer page says how to get in`, async () => {
      const outsider = await createOutsider();
      const browser = await openBrowser({ viewport, isMobile });
      try {
        const { page } = browser;
        await signIn(page, { email: outsider.email, password: outsider.password, next: '/' });
        await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
        for (const path of ['/', '/configure', '/explore', '/config', '/tour']) {
          await page.goto(new URL(path, page.url()).toString());
          const notice = page.getByTestId('how-to-get-in');
          await notice.waitFor({ timeout: 10_000 });
          expect(await notice.textContent(), path).toContain('You are not a buyer at Maple Residences yet');
          expect(await page.getByText('could not be loaded').count(), path).toBe(0);
          // The notice may draw its form a moment after its words: wait for it, never sample once.
          await expect
            .poll(() => notice.getByRole('textbox', { name: 'Invitation link or code' }).count(), { message: path })
            .toBe(1);
        }
        expect(browser.consoleErrors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }

  it('never shows the failure notice, not for a moment, when the catalogue is refused before the carts', async () => {
    const outsider = await createOutsider();
    const browser = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      const { page } = browser;
      await signIn(page, { email: outsider.email, password: outsider.password, next: '/' });
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      // Everything the page ever shows is watched, from its first byte.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { failureSeen: string[] }).failureSeen = seen;
        new MutationObserver(() => {
          if (document.body?.textContent?.includes('could not be loaded'))
            seen.push(document.body.textContent.slice(0, 200));
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      // The carts' 403 arrives long after the catalogue's.
      await page.route('**/api/carts/mine', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(new URL('/configure', page.url()).toString());
      const notice = page.getByTestId('how-to-get-in');
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.textContent()).toContain('You are not a buyer at Maple Residences yet');
      expect(await page.evaluate(() => (window as unknown as { failureSeen: string[] }).failureSeen)).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a buyer of one project visiting another is told they are not a buyer there', async () => {
    const browser = await openBrowser({ viewport: DESKTOP });
    try {
      const { page } = browser;
      await signIn(page, {
        email: 'buyer@harbour.test',
        password: E2E_DEMO_PASSWORD,
        projectKey: 'harbour',
        next: '/',
      });
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(page.url().replace('harbour.localhost', 'demo.localhost').replace(/\/$/, '/configure'));
      // The session is the harbour subdomain's: demo asks to sign in, then says how to get in.
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await page.getByLabel('E-mail address').fill('buyer@harbour.test');
      await page.getByLabel(/^Password/).fill(E2E_DEMO_PASSWORD);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL((url) => url.pathname === '/configure');
      const notice = page.getByTestId('how-to-get-in');
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.textContent()).toContain('You are not a buyer at Maple Residences yet');
    } finally {
      await browser.close();
    }
  });
});
