import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { demoProject } from '../../server/src/db/seed/demo-catalogue.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';
import { DESKTOP, PHONE, signInThroughPage, useBrowser, type BrowserSession } from './support/browser.ts';
import { createBuyerWithCompleteCart } from './support/fixtures.ts';

const money = (minor: number) => formatMoney(minor, { currency: demoProject.currency, locale: demoProject.options.locale });
const seedPrice = (name: string) => demoProject.categories.flatMap((c) => c.options).find((o) => o.name === name)!.price;
/** "+$1,850.00" or "Included" → minor units. */
const parsePrice = (text: string) => (text === 'Included' ? 0 : Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));

function seededTotal(email: string): number {
  const buyer = demoProject.buyers.find((b) => b.email === email)!;
  return buyer.cart!.choices.reduce((sum, [, option, quantity = 1]) => sum + seedPrice(option) * quantity, 0);
}

describe('configuring on a desktop', () => {
  const session = useBrowser({ viewport: DESKTOP });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('chooses finishes in three rooms; the total is the sum of the prices shown; rules explain disabled options', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'sofia.martin@demo.test', password: E2E_DEMO_PASSWORD, next: '/configure' });
    await page.waitForURL((url) => url.pathname === '/configure');
    const total = page.getByTestId('live-total');
    await total.waitFor();
    expect(await total.textContent()).toBe(money(0));

    const chosenPrices: number[] = [];
    const pick = async (room: string, option: string) => {
      await page.getByRole('tab', { name: room }).click();
      const card = page.locator(`[data-option="${option}"]`).first();
      await card.click();
      await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
      chosenPrices.push(parsePrice((await card.getByTestId('option-price').textContent())!));
      await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    };

    await pick('Living Room', 'Engineered Oak – Honey');
    await page.getByRole('tab', { name: 'Kitchen' }).click();
    const slab = page.locator('[data-option="Full-Height Quartz Slab"]').first();
    expect(await slab.isDisabled()).toBe(true);
    expect(await slab.getAttribute('aria-label')).toContain('Needs Quartz – Calacatta first.');
    await pick('Kitchen', 'Shaker – Navy');
    await pick('Kitchen', 'Quartz – Calacatta');
    expect(await slab.isDisabled()).toBe(false);
    await pick('Main Bathroom', 'Marble-Look Porcelain');

    const sum = chosenPrices.reduce((a, b) => a + b, 0);
    expect(sum).toBe(['Engineered Oak – Honey', 'Shaker – Navy', 'Quartz – Calacatta', 'Marble-Look Porcelain'].map(seedPrice).reduce((a, b) => a + b, 0));
    await expect.poll(() => total.textContent()).toBe(money(sum));

    // Saved on the server: a reload shows the same choices and total.
    await page.reload();
    await expect.poll(() => page.getByTestId('live-total').textContent()).toBe(money(sum));
    await page.getByRole('tab', { name: 'Kitchen' }).click();
    expect(await page.locator('[data-option="Shaker – Navy"]').first().getAttribute('aria-pressed')).toBe('true');
    // The catalogue is kept locally for the next visit (docs/api.md).
    await expect.poll(async () => (await page.evaluate(() => localStorage.getItem('decor.collections'))) ?? '').toContain('Shaker – Navy');
  });
});

describe('configuring on a phone', () => {
  const session = useBrowser({ viewport: PHONE, isMobile: true });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('completes the last required category and shows the new total', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'hannah.lee@demo.test', password: E2E_DEMO_PASSWORD, next: '/configure' });
    const total = page.getByTestId('live-total');
    await expect.poll(() => total.textContent()).toBe(money(seededTotal('hannah.lee@demo.test')));
    const required = demoProject.categories.filter((c) => c.required).length;
    expect(await page.getByTestId('required-progress').textContent()).toBe(`Required choices: ${required - 1} of ${required}`);
    await page.getByRole('tab', { name: 'Main Bathroom' }).click();
    const tile = page.locator('[data-option="Marble-Look Porcelain"]').first();
    await tile.tap();
    await expect.poll(() => total.textContent()).toBe(money(seededTotal('hannah.lee@demo.test') + seedPrice('Marble-Look Porcelain')));
    expect(await page.getByTestId('required-progress').textContent()).toBe(`Required choices: ${required} of ${required}`);
  });

  it('is read-only after the deadline, and says why', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'daniel.okafor@demo.test', password: E2E_DEMO_PASSWORD, next: '/configure' });
    await page.getByText('This selection can no longer be changed here.').waitFor();
    await page.getByRole('tab', { name: 'Living Room' }).click();
    const card = page.locator('[data-option="Engineered Oak – Honey"]').first();
    expect(await card.isDisabled()).toBe(true);
    expect(await card.getAttribute('aria-label')).toContain('Choices are closed for this selection.');
  });
});

describe('two browsers on one cart', () => {
  const first = useBrowser({ viewport: DESKTOP });
  const second = useBrowser({ viewport: DESKTOP });

  it('never loses a change: the later one is applied on top of the earlier', async () => {
    const a = first().page;
    const b = second().page;
    for (const page of [a, b]) {
      await signInThroughPage(page, { email: 'buyer@harbour.test', password: E2E_DEMO_PASSWORD, projectKey: 'harbour', next: '/configure' });
      await page.getByTestId('live-total').waitFor();
    }
    // Both opened the same version. A chooses first; B, still on the old version, second.
    await a.getByRole('tab', { name: 'Living Room' }).click();
    await a.locator('[data-option="Harbour Blue"]').first().click();
    await expect.poll(() => a.getByLabel('Saving').count()).toBe(0);
    await b.getByRole('tab', { name: 'Kitchen' }).click();
    await b.locator('[data-option="Soapstone"]').first().click();
    await b.getByTestId('configure-notice').getByText('also changed elsewhere').waitFor();
    await expect.poll(() => b.getByLabel('Saving').count()).toBe(0);

    await a.reload();
    await a.getByRole('tab', { name: 'Living Room' }).click();
    expect(await a.locator('[data-option="Harbour Blue"]').first().getAttribute('aria-pressed')).toBe('true');
    await a.getByRole('tab', { name: 'Kitchen' }).click();
    expect(await a.locator('[data-option="Soapstone"]').first().getAttribute('aria-pressed')).toBe('true');
  });
});

describe('packages', () => {
  const session = useBrowser({ viewport: DESKTOP });

  it('applies a package in one step: its choices, its saving, kept after a reload', async () => {
    const { page } = session();
    const buyer = await createBuyerWithCompleteCart({ projectKey: 'demo', email: `package-${Date.now()}@example.test`, password: 'Package-pass-2026' });
    await signInThroughPage(page, { email: buyer.email, password: buyer.password, next: '/configure' });
    const total = page.getByTestId('live-total');
    await expect.poll(() => total.textContent()).toBe(money(0));
    const classic = demoProject.packages.find((p) => p.name === 'Classic Warmth')!;
    await page.getByRole('button', { name: `Apply the ${classic.name} package` }).click();
    await page.getByTestId('package-card').filter({ hasText: classic.name }).getByText('Applied').waitFor();
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    const applied = parsePrice((await total.textContent())!);
    expect(applied).toBeGreaterThan(0);

    await page.reload();
    await page.getByTestId('package-card').filter({ hasText: classic.name }).getByText('Applied').waitFor();
    await expect.poll(() => page.getByTestId('live-total').textContent()).toBe(money(applied));
    await page.getByRole('tab', { name: 'Kitchen' }).click();
    for (const name of ['Shaker – Navy', 'Quartz – Calacatta', 'Marble Herringbone']) {
      expect(await page.locator(`[data-option="${name}"]`).first().getAttribute('aria-pressed'), name).toBe('true');
    }
  });
});

describe('budget and allowances', () => {
  const session = useBrowser({ viewport: DESKTOP });

  it('shows what is left of the buyer’s budget and of a category’s allowance as they choose', async () => {
    const { page } = session();
    const buyer = await createBuyerWithCompleteCart({ projectKey: 'demo', email: `budget-${Date.now()}@example.test`, password: 'Budget-pass-2026' });
    await signInThroughPage(page, { email: buyer.email, password: buyer.password, next: '/configure' });
    const budget = page.getByTestId('budget');
    await budget.getByText('No budget set').waitFor();
    await budget.getByRole('button', { name: 'Set a budget' }).click();
    await page.getByLabel('My budget for upgrades').fill('10000');
    await page.getByRole('button', { name: 'Save' }).click();
    await budget.getByText(`${money(1_000_000)} left of your budget`).waitFor();

    await page.getByRole('tab', { name: 'Living Room' }).click();
    const lighting = demoProject.categories.find((c) => c.name === 'Lighting')!;
    await page.locator('[data-option="Dimmer Package"]').first().click();
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    const dimmer = seedPrice('Dimmer Package');
    await budget.getByText(`${money(1_000_000 - dimmer)} left of your budget`).waitFor();
    expect(await page.getByTestId('category-Lighting').getByTestId('allowance').textContent()).toBe(
      `Allowance ${money(lighting.allowance)} · chosen ${money(dimmer)} (${money(lighting.allowance - dimmer)} left)`,
    );
    // Kept after a reload, with the choice.
    await page.reload();
    await page.getByTestId('budget').getByText(`${money(1_000_000 - dimmer)} left of your budget`).waitFor();
  });
});
