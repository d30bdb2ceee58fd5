import { describe, expect, it } from 'vitest';
import { openBrowser, signIn } from './support/browser.ts';
import { asPerson, createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';
import { waitForMail } from './support/mail-files.ts';

/**
 * A moment typed in the back office is the wall-clock time the person typed in the project's
 * zone, whatever zone their browser is in, and the page Chromium draws says it exactly as the
 * mail the server writes does (docs/dates.md, decision 030). The demo is in Vancouver, on
 * UTC−7 the year round from November 2026.
 */
describe('a deadline typed in the back office, in the project’s zone whatever the browser’s', () => {
  for (const browserZone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
    it(`a browser in ${browserZone}: every date-time field names and reads Vancouver; the page and the buyer’s mail read the same`, async () => {
      const email = `zones-${browserZone.replace(/\W/g, '').toLowerCase()}-${Date.now()}@example.test`;
      const buyer = await createBuyerWithCompleteCart({ projectKey: 'demo', email, password: 'Zones-pass-2026' });
      const staff = await createManager();
      // A manager of its own: the demo manager's sign-in allowance is the other journeys'.
      const manager = await asPerson(staff);
      const browser = await openBrowser({ timezoneId: browserZone });
      try {
        const { page } = browser;
        await signIn(page, { email: staff.email, password: staff.password, next: `/manage/carts/${buyer.cartId}` });
        const field = page.getByLabel('New deadline');
        await field.waitFor();
        // Every date-time field on the page reads in the project's zone and says which.
        const zones = await page
          .locator('input[type=datetime-local]')
          .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('data-time-zone')));
        expect(zones.length).toBeGreaterThan(0);
        expect(zones.every((zone) => zone === 'America/Vancouver')).toBe(true);
        expect(await page.getByText('In Vancouver (MST).').count()).toBeGreaterThan(0);

        await field.fill('2026-12-20T17:00');
        await page.getByRole('button', { name: 'Extend deadline' }).click();
        await page.getByTestId('decision-done').waitFor();
        const cart = (await manager('GET', `/api/schema/carts/${buyer.cartId}`)).json as { deadline: string };
        expect(cart.deadline).toBe('2026-12-21T00:00:00.000Z');

        const moment = 'December 20, 2026 at 5:00 p.m. MST';
        await expect
          .poll(() =>
            page
              .getByText(/^Deadline /)
              .first()
              .textContent(),
          )
          .toBe(`Deadline ${moment}`);
        const mail = await waitForMail(email, /you have until/);
        expect(mail.text).toContain(moment);
        expect(browser.consoleErrors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});
