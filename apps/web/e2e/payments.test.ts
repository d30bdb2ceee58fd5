import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { PHONE, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { asPerson, chooseAnUpgrade, createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';
import { waitForMail } from './support/mail-files.ts';

/**
 * Paying by card, as a buyer does it on a phone (docs/payments.md, "Paying by card"): sign, pay
 * the deposit on the processor's hosted page (the tests' Stripe-compatible server), come back to
 * the receipt; the design centre sees it paid.
 */
describe('paying the deposit by card', () => {
  const session = useBrowser({ viewport: PHONE, isMobile: true });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('signs on a phone, pays the deposit on the hosted page, comes back to its receipt, and the manager sees it paid', async () => {
    const { page } = browser;
    // A manager of its own: the demo manager's sign-in allowance is the other journeys'.
    const manager = await asPerson(await createManager());
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `card-payer-${Date.now()}@example.test`,
      password: 'Card-payer-2026',
    });
    // An upgrade, so that the deposit is more than nothing.
    expect(await chooseAnUpgrade(buyer)).toBeGreaterThan(0);

    await signIn(page, { email: buyer.email, password: buyer.password, next: `/config/${buyer.cartId}` });
    await page.getByLabel(/I have reviewed this selection/).check();
    await page.getByLabel('Type your full name to sign').fill('Casey Cardholder');
    await page.getByRole('button', { name: 'Sign and submit' }).click();
    await expect.poll(() => page.getByTestId('review-status').textContent()).toBe('Submitted');

    // The deposit the signed plan owes, as the server says it (the browser sends no amount).
    const signed = (await manager('GET', `/api/carts/${buyer.cartId}/payments`)).json as {
      schedule: Array<{ id: string; amount: number }>;
    };
    const deposit = signed.schedule.find((item) => item.id === 'deposit')!.amount;
    const cad = formatMoney(deposit, { currency: 'CAD', locale: 'en-CA' });
    const pay = page.getByRole('button', { name: `Pay ${cad} by card` });
    await pay.scrollIntoViewIfNeeded();
    await pay.click();

    await page.waitForURL((url) => url.origin === process.env.E2E_STRIPE_URL && url.pathname.startsWith('/pay/'));
    expect(await page.locator('[data-amount]').textContent()).toBe(`${(deposit / 100).toFixed(2)} CAD`);
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL((url) => url.pathname === `/config/${buyer.cartId}` && url.searchParams.has('paid'));
    const paid = page.getByTestId('card-paid');
    await paid.waitFor();
    expect(await paid.textContent()).toMatch(/^Payment received, thank you\. Receipt \d+$/);
    await expect.poll(() => page.getByTestId('ledger').textContent()).toContain('Payment · Card');
    const number = (await paid.textContent())!.match(/Receipt (\d+)$/)![1];
    // The receipt's mail, with the same number.
    await waitForMail(buyer.email, new RegExp(`receipt ${number}$`));
    const list = (await manager('GET', '/api/manage/payments')).json as Array<{ cart: string; paid: number }>;
    expect(list.find((row) => row.cart === buyer.cartId)!.paid).toBe(deposit);
  });
});
