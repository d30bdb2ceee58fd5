import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { demoProject } from '../../server/src/db/seed/demo-catalogue.ts';
import { DESKTOP, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { asDemoManager, chooseInCart, createBuyerWithCompleteCart } from './support/fixtures.ts';

describe('reviewing and signing a selection', () => {
  // With the page transitions on, as most people see them (decision 043).
  const session = useBrowser({ viewport: DESKTOP, motion: 'full' });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('shows the choices by room, then submits with agreement and a typed signature', async () => {
    const { page } = browser;
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `signer-${Date.now()}@example.test`,
      password: 'Signer-pass-2026',
    });
    await signIn(page, { email: buyer.email, password: buyer.password, next: '/config' });
    await page.waitForURL((url) => url.pathname === '/config');
    const required = demoProject.categories.filter((c) => c.required).length;
    await expect.poll(() => page.getByTestId('review-line').count()).toBe(required);
    expect(await page.getByTestId('review-total').textContent()).toBe(
      formatMoney(0, { currency: 'CAD', locale: 'en-CA' }),
    );

    const notes = page.getByLabel('Notes for the design centre');
    await notes.fill('Please hang the pendants 80 cm above the island.');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Your notes are saved.');
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Notes for the design centre').inputValue())
      .toBe('Please hang the pendants 80 cm above the island.');

    const submit = page.getByRole('button', { name: 'Sign and submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(/I have reviewed this selection/).check();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Type your full name to sign').fill('Sam Signer');
    await submit.click();
    await expect.poll(() => page.getByTestId('review-status').textContent()).toBe('Submitted');
    expect(await page.getByTestId('signed-by').textContent()).toContain('Signed by Sam Signer');
    expect(await page.getByTestId('submit-section').count()).toBe(0);
    // Submitted: the notes are shown, no longer editable.
    expect(await page.getByText('Notes: Please hang the pendants 80 cm above the island.').count()).toBe(1);
    expect(await page.getByLabel('Notes for the design centre').count()).toBe(0);
  });

  it('tells the buyer when a price changes, and asks them to review before signing the new total', async () => {
    const { page } = browser;
    const manager = await asDemoManager();
    // An option of the buyer's own, so that no other journey sees its price move.
    const categories = (await manager('GET', '/api/schema/categories/?limit=200')).json as Array<{
      _id: string;
      name: string;
      required: boolean;
    }>;
    const flooring = categories.find((c) => c.required && c.name === 'Flooring')!;
    const created = await manager('POST', '/api/schema/options/', {
      name: 'Test Plank – Ash',
      category: flooring._id,
      price: 0,
      level: 1,
    });
    expect(created.status).toBe(201);
    const option = created.json as { _id: string; _version: number };
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `repriced-${Date.now()}@example.test`,
      password: 'Repriced-pass-2026',
    });
    await chooseInCart({ cartId: buyer.cartId, category: flooring._id, option: option._id });

    await signIn(page, { email: buyer.email, password: buyer.password, next: '/config' });
    await page.waitForURL((url) => url.pathname === '/config');
    const cad = (minor: number) => formatMoney(minor, { currency: 'CAD', locale: 'en-CA' });
    await expect.poll(() => page.getByTestId('review-total').textContent()).toBe(cad(0));

    // While the buyer reads, the design centre reprices the option.
    expect(
      (await manager('PATCH', `/api/schema/options/${option._id}`, { price: 12_345, _version: option._version }))
        .status,
    ).toBe(200);
    await page.getByLabel(/I have reviewed this selection/).check();
    await page.getByLabel('Type your full name to sign').fill('Rae Priced');
    await page.getByRole('button', { name: 'Sign and submit' }).click();
    // Refused: what was shown is not what holds now. The page shows the new total and why.
    await page.getByText('changed since you reviewed it').waitFor();
    await expect.poll(() => page.getByTestId('review-total').textContent()).toBe(cad(12_345));
    expect(await page.getByTestId('price-changes').textContent()).toContain(
      `Test Plank – Ash: ${cad(0)} → ${cad(12_345)}`,
    );

    await page.getByLabel(/I have reviewed this selection/).check();
    await page.getByRole('button', { name: 'Sign and submit' }).click();
    await expect.poll(() => page.getByTestId('review-status').textContent()).toBe('Submitted');
    expect(await page.getByTestId('review-total').textContent()).toBe(cad(12_345));
    expect(await page.getByTestId('price-changes').count()).toBe(0);
  });
});
