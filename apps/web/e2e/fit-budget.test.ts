import { describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { openBrowser, PHONE, signIn } from './support/browser.ts';
import { createBuyerWithCompleteCart, placeChoicesInRooms } from './support/fixtures.ts';

const money = (minor: number) => formatMoney(minor, { currency: 'CAD', locale: 'en-CA' });
/** "$11,830.00" → minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/**
 * Fit my budget on a phone (docs/fit-my-budget.md): from My selection, a buyer gives a budget,
 * reads the proposal's reasons, takes the kitchen only, undoes it, takes it all, and signs.
 */
describe('fit my budget', () => {
  it('proposes within the budget with reasons; the kitchen alone, undone, then all, then signed', async () => {
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `fitting-${Date.now().toString(36)}@example.test`,
      password: 'Fitting-buyer-2026',
    });
    // Choices made in rooms, as the configurator makes them: other rooms still need theirs.
    await placeChoicesInRooms(buyer.cartId);
    const { page, close } = await openBrowser({ viewport: PHONE });
    try {
      await signIn(page, { email: buyer.email, password: buyer.password, next: '/config' });
      await page.getByRole('link', { name: 'Fit my budget' }).click();
      await page.waitForURL((url) => url.pathname === '/configure');
      const total = page.getByTestId('live-total');
      const before = minorOf((await total.textContent())!);

      await page.getByLabel(/^Most I want to spend on upgrades/).fill('9,000');
      await page.getByRole('group', { name: 'Spend more on' }).getByText('Kitchen', { exact: true }).click();
      await page.getByRole('button', { name: 'Propose a selection' }).click();
      const summary = (await page.getByTestId('fit-summary').textContent())!;
      expect(summary).toMatch(/^New total \$[\d,.]+: \$[\d,.]+ more than now, within your budget of \$9,000\.00\.$/);
      const proposed = minorOf(summary.split(':')[0]!);
      expect(proposed).toBeLessThanOrEqual(900_000);
      // Each change says why, in words.
      const kitchen = page.getByTestId('fit-room').filter({ has: page.getByRole('heading', { name: 'Kitchen' }) });
      const lines = await kitchen.getByTestId('fit-change').allTextContents();
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines)
        expect(line).toMatch(
          /: (\+\u2060?\$[\d,.]+|\u2212\u2060?\$[\d,.]+|same price), (a choice is required here|recommended by your design centre|ranked higher by your design centre.*|to fit your budget|needed by .+|cannot be combined with .+|part of the .+ package)$/,
        );
      expect(lines.join('\n')).toContain('Quartz – Arctic White');
      const sum = (await kitchen.getByTestId('fit-room-sum').textContent())!;
      const [, kitchenBefore, kitchenAfter] = /^(\$[\d,.]+) now, (\$[\d,.]+) with the proposal$/
        .exec(sum)!
        .map(minorOf);

      // The kitchen only: the total moves by the kitchen's difference, and it can be undone.
      await kitchen.getByRole('button', { name: /Take these changes/ }).click();
      await expect
        .poll(() => page.getByTestId('configure-notice').textContent())
        .toMatch(/^Taken: the changes in Kitchen/);
      await expect
        .poll(async () => minorOf((await total.textContent())!))
        .toBe(before - kitchenBefore! + kitchenAfter!);
      await page.getByTestId('notice-undo').click();
      await expect.poll(async () => minorOf((await total.textContent())!)).toBe(before);

      // All of it, from the proposal kept while the page is open.
      await page.getByRole('button', { name: 'Fit my budget' }).click();
      await page.getByRole('button', { name: 'Take all' }).click();
      await expect.poll(() => page.getByTestId('configure-notice').textContent()).toMatch(/^The proposal was taken/);
      await expect.poll(async () => (await total.textContent())!).toBe(money(proposed));
      // The budget asked is the cart's: the bar says what is left of it.
      expect(await page.getByTestId('budget').textContent()).toContain(
        `${money(900_000 - proposed)} left of your budget`,
      );
      expect(await page.getByTestId('required-missing').count()).toBe(0);

      // Signed as it stands.
      await page.goto(`${new URL(page.url()).origin}/config`);
      expect(await page.getByTestId('review-total').textContent()).toBe(money(proposed));
      await page.getByLabel(/I have reviewed this selection/).check();
      await page.getByLabel('Type your full name to sign').fill('Fay Fitting');
      await page.getByRole('button', { name: 'Sign and submit' }).click();
      await expect.poll(() => page.getByTestId('review-status').textContent()).toBe('Submitted');
    } finally {
      await close();
    }
  });
});
