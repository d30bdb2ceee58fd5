import { beforeEach, describe, expect, it } from 'vitest';
import { demoProject } from '../../server/src/db/seed/demo-catalogue.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';
import { DESKTOP, PHONE, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { requiredProgress } from './support/demo-seed.ts';
import { createBuyerWithCompleteCart } from './support/fixtures.ts';
import database from 'moment-timezone/data/packed/latest.json' with { type: 'json' };
import { formatDateTime, formatMoney, provideZoneDatabase } from '@decor/core';

/** The buyer's seeded choices, priced from the seed: the total the page must show. */
function seededTotal(email: string): number {
  const buyer = demoProject.buyers.find((b) => b.email === email)!;
  const price = new Map(demoProject.categories.flatMap((c) => c.options).map((o) => [o.name, o.price]));
  return buyer.cart!.choices.reduce((sum, [, option, quantity = 1]) => sum + price.get(option)! * quantity, 0);
}

const money = (minor: number) =>
  formatMoney(minor, { currency: demoProject.currency, locale: demoProject.options.locale });

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`My home on a ${label}`, () => {
    const session = useBrowser({ viewport, isMobile: label === 'phone' });
    let browser: BrowserSession;
    beforeEach(() => {
      browser = session();
    });

    it('shows the unit, the deadline, progress, upgrades total and deposit', async () => {
      const { page } = browser;
      await signIn(page, { email: 'buyer@demo.test', password: E2E_DEMO_PASSWORD });
      const cart = page.getByTestId('home-cart');
      await cart.getByRole('heading', { name: 'Unit 402' }).waitFor();
      expect(await cart.getByTestId('cart-status').textContent()).toBe('In progress');
      expect(await cart.getByTestId('deadline').textContent()).toMatch(/^(20|21) days left to choose$/);
      const total = seededTotal('buyer@demo.test');
      expect(await cart.getByTestId('upgrades-total').textContent()).toBe(money(total));
      expect(await cart.getByTestId('deposit').textContent()).toBe(
        money(Math.round((total * demoProject.options.depositPercent!) / 100)),
      );
      // Required choices count room by room (a floor in each room that needs one).
      const { done, total: required } = requiredProgress('buyer@demo.test');
      expect(await cart.getByTestId('progress').textContent()).toBe(`${done} of ${required}`);
      await cart.getByRole('link', { name: 'Choose my finishes' }).click();
      await page.waitForURL((url) => url.pathname === '/configure');
    });
  });
}

describe('dates on My home, read from another time zone', () => {
  // The buyer's browser is in Tokyo; the project is in Vancouver: dates are the project's.
  const session = useBrowser({ viewport: PHONE, isMobile: true, timezoneId: 'Asia/Tokyo' });

  it('gives the deadline as a day and a time in the project’s zone, with the zone named', async () => {
    const { page } = session();
    // A buyer of its own with an open selection due in ten days (other journeys change the demo buyers').
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `zone-${Date.now()}@example.test`,
      password: 'Zone-buyer-2026',
    });
    await signIn(page, { email: buyer.email, password: buyer.password });
    const shown = await page.getByTestId('deadline-date').textContent();
    const [mine] = await page.evaluate(
      async () => (await fetch('/api/carts/mine')).json() as Promise<Array<{ deadline: string }>>,
    );
    // Printed as the server prints it (its zone database, in this Node process), not as this
    // browser's own zone data would: Vancouver keeps UTC−7 the year round from November 2026.
    provideZoneDatabase(database);
    const inVancouver = formatDateTime(
      mine!.deadline,
      { locale: 'en-CA', timeZone: 'America/Vancouver' },
      { weekday: true },
    );
    expect(shown).toBe(`Due ${inVancouver}`);
    expect(shown).toMatch(
      /^Due (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [ap]\.m\. MST$/,
    );
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
  });
});
