import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, origin, withBrowsers } from './support/browser.ts';
import { asPerson, createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';

/**
 * A person who uses only the keyboard (docs/screens.md, "Accessibility"): a buyer signs in, chooses
 * a priced option, signs and submits their selection, and a manager approves it with others in
 * one go, with Tab, Shift+Tab, Space and Enter and nothing else. Each step moves the focus to the
 * control it needs by Tab, as a person does, so a control that cannot be reached fails here.
 */

/** What has the focus: its accessible name as a person hears it, roughly (label, aria-label, text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = element.getAttribute('aria-labelledby');
    const label =
      element.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    return label.replace(/\s+/g, ' ').trim();
  });

/** Presses Tab until the focus is on a control whose name matches, or fails naming where the focus went. */
async function tabTo(page: Page, name: RegExp, { most = 80, back = false } = {}) {
  const passed: string[] = [];
  for (let press = 0; press < most; press++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (name.test(now)) return;
    passed.push(now);
  }
  throw new Error(`no control named ${name} within ${most} presses of Tab; passed: ${passed.slice(-12).join(' | ')}`);
}

describe('with the keyboard alone', () => {
  it('a buyer signs in, chooses a priced option, signs and submits; a manager approves selections together', async () => {
    const email = `keys-${Date.now()}@example.test`;
    const buyer = await createBuyerWithCompleteCart({ projectKey: 'demo', email, password: 'Keys-only-2026' });
    const manager = await createManager();
    await withBrowsers(2, { viewport: DESKTOP }, async ([buyerBrowser, managerBrowser]) => {
      const page = buyerBrowser!.page;
      // Signing in: the first Tab is the skip link; the form is filled and sent from the keyboard.
      await page.goto(`${origin()}/sign-in?next=%2Fconfigure`);
      await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
      await tabTo(page, /^Skip to content$/, { most: 1 });
      await tabTo(page, /^E-mail address( \*)?$/);
      await page.keyboard.type(email);
      await tabTo(page, /^Password( \*)?$/);
      await page.keyboard.type(buyer.password);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/configure');

      // A priced option, reached by Tab and chosen with Space; the total says so.
      const total = page.getByTestId('live-total');
      const before = await total.textContent();
      const priced = page.locator('[data-option][aria-pressed="false"]:not([aria-disabled="true"])').filter({
        has: page.getByTestId('option-price').filter({ hasText: /\+\$/ }),
      });
      const name = (await priced.first().getAttribute('data-option'))!;
      await tabTo(page, new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), { most: 200 });
      await page.keyboard.press('Space');
      await expect
        .poll(() => priced.page().locator(`[data-option="${name}"]`).first().getAttribute('aria-pressed'))
        .toBe('true');
      await expect.poll(() => total.textContent()).not.toBe(before);
      await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);

      // My selection, signed and submitted.
      await page.goto(`${origin()}/config`);
      await page.getByRole('button', { name: 'Sign and submit' }).waitFor();
      await tabTo(page, /I have reviewed this selection/, { most: 200 });
      await page.keyboard.press('Space');
      await tabTo(page, /^Type your full name to sign/);
      await page.keyboard.type('Kim Keys');
      await tabTo(page, /^Sign and submit$/);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('review-status').textContent()).toBe('Submitted');

      // The manager approves it with another, ticked from the keyboard, confirmed in the dialog.
      const other = await createBuyerWithCompleteCart({
        projectKey: 'demo',
        email: `keys-other-${Date.now()}@example.test`,
        password: 'Keys-other-2026',
      });
      const calls = await asPerson(other);
      const cart = (await calls('GET', `/api/schema/carts/${other.cartId}`)).json as { _version: number; unit: string };
      expect(
        (
          await calls('POST', `/api/carts/${other.cartId}/submit`, {
            signature: 'Other Buyer',
            agree: true,
            _version: cart._version,
          })
        ).status,
      ).toBe(200);
      const units = await Promise.all(
        [buyer, other].map(async (person) => {
          const own = await asPerson(person);
          const unitId = ((await own('GET', `/api/schema/carts/${person.cartId}`)).json as { unit: string }).unit;
          return ((await own('GET', `/api/schema/units/${unitId}`)).json as { name: string }).name;
        }),
      );
      const office = managerBrowser!.page;
      await office.goto(`${origin()}/sign-in?next=%2Fmanage`);
      await office.getByRole('button', { name: 'Sign in' }).first().waitFor();
      await tabTo(office, /^E-mail address( \*)?$/);
      await office.keyboard.type(manager.email);
      await tabTo(office, /^Password( \*)?$/);
      await office.keyboard.type(manager.password);
      await office.keyboard.press('Enter');
      await office.waitForURL((url) => url.pathname === '/manage');
      await office.getByTestId('review-queue').waitFor();
      for (const unit of units) {
        await tabTo(office, new RegExp(`^Select unit ${unit}$`), { most: 200 });
        await office.keyboard.press('Space');
      }
      await tabTo(office, /^Approve 2 selections$/);
      await office.keyboard.press('Enter');
      const confirm = office.getByTestId('confirm-approvals');
      await confirm.getByRole('button', { name: 'Approve 2 selections' }).waitFor();
      await tabTo(office, /^Approve 2 selections$/);
      expect(await confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      await office.keyboard.press('Enter');
      await office.getByTestId('review-queue').getByText('2 selections approved.').waitFor();
      expect(((await calls('GET', `/api/schema/carts/${other.cartId}`)).json as { status: string }).status).toBe(
        'approved',
      );
    });
  });
});
