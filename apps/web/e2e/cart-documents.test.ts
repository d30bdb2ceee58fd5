import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { demoProject } from '../../server/src/db/seed/demo-catalogue.ts';
import { pdfText } from '../../server/test/support/pdf-text.ts';
import { DESKTOP, openBrowser, PHONE, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { createBuyerWithCompleteCart } from './support/fixtures.ts';

const money = (minor: number) =>
  formatMoney(minor, { currency: demoProject.currency, locale: demoProject.options.locale });
const seedPrice = (name: string) =>
  demoProject.categories.flatMap((c) => c.options).find((o) => o.name === name)!.price;

describe('the PDF, alternatives and a shared link of a selection', () => {
  const session = useBrowser({ viewport: DESKTOP });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('downloads the signed summary as a PDF with the choices and the total', async () => {
    const { page } = browser;
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `pdf-${Date.now()}@example.test`,
      password: 'Pdf-pass-2026',
    });
    await signIn(page, { email: buyer.email, password: buyer.password, next: '/config' });
    await page.waitForURL((url) => url.pathname === '/config');
    await page.getByLabel(/I have reviewed this selection/).check();
    await page.getByLabel('Type your full name to sign').fill('Pat Printer');
    await page.getByRole('button', { name: 'Sign and submit' }).click();
    await expect.poll(() => page.getByTestId('review-status').textContent()).toBe('Submitted');
    const chosen = await page.getByTestId('review-line').locator('td:nth-child(2)').allTextContents();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^selection-.+\.pdf$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Maple Residences');
    expect(text).toContain('Signed by Pat Printer');
    expect(text).toContain(`Upgrades total`);
    expect(text).toContain(money(0));
    expect(chosen.length).toBeGreaterThan(3);
    for (const name of chosen) expect(text).toContain(name);
  });

  it('saves an alternative, compares it with a costlier choice, and switches back to it', async () => {
    const { page } = browser;
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `alt-${Date.now()}@example.test`,
      password: 'Alt-pass-2026',
    });
    await signIn(page, { email: buyer.email, password: buyer.password, next: '/config' });
    await page.waitForURL((url) => url.pathname === '/config');
    await page.getByLabel('Save the current choices as').fill('All standard');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('alternative').count()).toBe(1);

    await page.goto(page.url().replace('/config', '/configure'));
    await page.getByRole('tab', { name: 'Living Room' }).click();
    const smoked = page.locator('[data-option="Engineered Oak – Smoked"]').first();
    await smoked.click();
    await expect.poll(() => smoked.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    await page.goto(page.url().replace('/configure', '/config'));
    await expect
      .poll(() => page.getByTestId('review-total').textContent())
      .toBe(money(seedPrice('Engineered Oak – Smoked')));

    // Current (first) against the saved alternative (second): it costs the smoked oak less.
    const difference = page.getByTestId('comparison-difference');
    await expect.poll(() => difference.textContent()).toBe(`−${money(seedPrice('Engineered Oak – Smoked'))}`);
    expect(await page.getByTestId('comparison').locator('tr[data-same="false"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('comparison').textContent()).toContain('Engineered Oak – Smoked');

    await page.getByRole('button', { name: 'Switch to this' }).click();
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect.poll(() => page.getByTestId('review-total').textContent()).toBe(money(0));
    expect((await page.getByTestId('review-line').allTextContents()).some((line) => line.includes('Smoked'))).toBe(
      false,
    );
  });

  it('shares a read-only link that opens on a phone without signing in, with or without prices', async () => {
    const { page } = browser;
    await signIn(page, { email: 'buyer@demo.test', password: 'e2e-demo-password', next: '/config' });
    await page.waitForURL((url) => url.pathname === '/config');
    const total = (await page.getByTestId('review-total').textContent())!;
    const choices = await page.getByTestId('review-line').count();

    const makeLink = async (withPrices: boolean) => {
      await page.getByRole('button', { name: 'Share' }).click();
      const prices = page.getByLabel('Show prices');
      if ((await prices.isChecked()) !== withPrices) await prices.click();
      await page.getByRole('button', { name: /Make (a|a new) link/ }).click();
      const field = page.getByLabel('Share link');
      await expect.poll(() => field.inputValue()).toMatch(/\/preview\?token=[\w-]{50}$/);
      const url = await field.inputValue();
      await page.keyboard.press('Escape');
      return url;
    };
    const withoutPrices = await makeLink(false);
    const withPrices = await makeLink(true);

    const phone = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      await phone.page.goto(withoutPrices);
      await expect.poll(() => phone.page.getByTestId('preview-line').count(), { timeout: 15_000 }).toBe(choices);
      expect(await phone.page.getByTestId('preview-total').count()).toBe(0);
      expect(await phone.page.getByRole('heading', { level: 1 }).textContent()).toContain('Unit 402');
      await phone.page.goto(withPrices);
      await expect.poll(() => phone.page.getByTestId('preview-total').textContent(), { timeout: 15_000 }).toBe(total);
      await phone.page.goto(`${withPrices.slice(0, -4)}AAAA`);
      await expect
        .poll(() => phone.page.getByTestId('preview-problem').textContent())
        .toContain('This shared link is not valid');

      // The buyer sees the links given and withdraws the one with prices: it stops at once.
      await page.getByRole('button', { name: 'Share' }).click();
      const given = page
        .getByTestId('given-link')
        .filter({ hasText: 'with prices' })
        .filter({ hasText: 'Works' })
        .first();
      await given.waitFor();
      await given.getByRole('button', { name: 'Withdraw' }).click();
      await given.getByRole('button', { name: 'Click again to withdraw' }).click();
      await expect
        .poll(() => page.getByTestId('given-link').filter({ hasText: 'Withdrawn' }).count())
        .toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await phone.page.goto(withPrices);
      await expect
        .poll(() => phone.page.getByTestId('preview-problem').textContent())
        .toContain('The buyer withdrew this shared link');
      expect(phone.consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
