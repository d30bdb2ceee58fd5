import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { demoProject } from '../../server/src/db/seed/demo-catalogue.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';
import { DESKTOP, PHONE, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { createBuyerWithCompleteCart } from './support/fixtures.ts';
import { requiredProgress } from './support/demo-seed.ts';

const money = (minor: number) =>
  formatMoney(minor, { currency: demoProject.currency, locale: demoProject.options.locale });
const seedPrice = (name: string) =>
  demoProject.categories.flatMap((c) => c.options).find((o) => o.name === name)!.price;
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
    await signIn(page, { email: 'sofia.martin@demo.test', password: E2E_DEMO_PASSWORD, next: '/configure' });
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
    // Unavailable, yet reachable by keyboard, with its reason announced and shown when pressed.
    expect(await slab.getAttribute('aria-disabled')).toBe('true');
    const reason = page.locator(`#${await slab.getAttribute('aria-describedby')}`);
    expect(await reason.textContent()).toBe('Needs Quartz – Calacatta first.');
    expect(await reason.isVisible()).toBe(false);
    await slab.focus();
    await page.keyboard.press('Enter');
    await reason.waitFor({ state: 'visible' });
    expect(await slab.getAttribute('aria-pressed')).toBe('false');
    await pick('Kitchen', 'Shaker – Navy');
    await pick('Kitchen', 'Quartz – Calacatta');
    expect(await slab.getAttribute('aria-disabled')).toBeNull();
    await pick('Main Bathroom', 'Marble-Look Porcelain');

    const sum = chosenPrices.reduce((a, b) => a + b, 0);
    expect(sum).toBe(
      ['Engineered Oak – Honey', 'Shaker – Navy', 'Quartz – Calacatta', 'Marble-Look Porcelain']
        .map(seedPrice)
        .reduce((a, b) => a + b, 0),
    );
    await expect.poll(() => total.textContent()).toBe(money(sum));

    // Saved on the server: a reload shows the same choices and total.
    await page.reload();
    await expect.poll(() => page.getByTestId('live-total').textContent()).toBe(money(sum));
    await page.getByRole('tab', { name: 'Kitchen' }).click();
    expect(await page.locator('[data-option="Shaker – Navy"]').first().getAttribute('aria-pressed')).toBe('true');
    // The catalogue is kept locally for the next visit (docs/api.md).
    await expect
      .poll(async () => (await page.evaluate(() => localStorage.getItem('decor.collections'))) ?? '')
      .toContain('Shaker – Navy');
  });
});

describe('configuring on a phone', () => {
  const session = useBrowser({ viewport: PHONE, isMobile: true });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('counts required choices room by room, shows quantities, and never empties a required choice', async () => {
    const { page } = browser;
    const email = 'hannah.lee@demo.test';
    await signIn(page, { email, password: E2E_DEMO_PASSWORD, next: '/configure' });
    const total = page.getByTestId('live-total');
    await expect.poll(() => total.textContent()).toBe(money(seededTotal(email)));
    const before = requiredProgress(email);
    expect(await page.getByTestId('required-progress').textContent()).toBe(
      `Required choices: ${before.done} of ${before.total}`,
    );
    // Flooring is chosen in the living room only: the foyer still needs a floor.
    expect(await page.getByTestId('required-missing').textContent()).toMatch(
      /Flooring \(Foyer, Kitchen, Primary Bedroom\)/,
    );
    await page.getByRole('tab', { name: 'Main Bathroom' }).click();
    const tile = page.locator('[data-option="Marble-Look Porcelain"]').first();
    await tile.tap();
    await expect.poll(() => total.textContent()).toBe(money(seededTotal(email) + seedPrice('Marble-Look Porcelain')));
    const after = requiredProgress(email, [['Main Bathroom', 'Marble-Look Porcelain']]);
    expect(after.done).toBe(before.done + 1);
    expect(await page.getByTestId('required-progress').textContent()).toBe(
      `Required choices: ${after.done} of ${after.total}`,
    );
    // Tapping a required single choice again keeps it and says how to change it.
    await tile.tap();
    await page
      .getByTestId('configure-notice')
      .getByText('Bathroom Tile is required here: choose another option to replace Marble-Look Porcelain.')
      .waitFor();
    expect(await tile.getAttribute('aria-pressed')).toBe('true');

    // Two outlets are shown as two, and a third is one tap away.
    await page.getByRole('tab', { name: 'Kitchen' }).click();
    const outlet = page.locator('[data-option="Extra Duplex Outlet"]').first();
    const price = seedPrice('Extra Duplex Outlet');
    expect(await outlet.getByTestId('option-price').textContent()).toBe(`+${money(2 * price)} (2 × ${money(price)})`);
    await page.getByRole('button', { name: 'One more Extra Duplex Outlet' }).tap();
    await expect
      .poll(() => outlet.getByTestId('option-price').textContent())
      .toBe(`+${money(3 * price)} (3 × ${money(price)})`);
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    await expect
      .poll(() => total.textContent())
      .toBe(money(seededTotal(email) + seedPrice('Marble-Look Porcelain') + price));
    await page.getByRole('button', { name: 'One fewer Extra Duplex Outlet' }).tap();
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    await expect.poll(() => total.textContent()).toBe(money(seededTotal(email) + seedPrice('Marble-Look Porcelain')));
  });

  it('is read-only after the deadline, and says why', async () => {
    const { page } = browser;
    await signIn(page, { email: 'daniel.okafor@demo.test', password: E2E_DEMO_PASSWORD, next: '/configure' });
    await page.getByText('This selection can no longer be changed here.').waitFor();
    await page.getByRole('tab', { name: 'Living Room' }).click();
    const card = page.locator('[data-option="Engineered Oak – Honey"]').first();
    expect(await card.getAttribute('aria-disabled')).toBe('true');
    // Playwright treats aria-disabled as not tappable; a person's finger is not stopped by it.
    await card.tap({ force: true });
    const reason = page.locator(`#${await card.getAttribute('aria-describedby')}`);
    await reason.waitFor({ state: 'visible' });
    expect(await reason.textContent()).toBe('Choices are closed for this selection.');
    expect(await card.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('two browsers on one cart', () => {
  const first = useBrowser({ viewport: DESKTOP });
  const second = useBrowser({ viewport: DESKTOP });

  it('never loses a change: the later one is applied on top of the earlier', async () => {
    const a = first().page;
    const b = second().page;
    for (const page of [a, b]) {
      await signIn(page, {
        email: 'buyer@harbour.test',
        password: E2E_DEMO_PASSWORD,
        projectKey: 'harbour',
        next: '/configure',
      });
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
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `package-${Date.now()}@example.test`,
      password: 'Package-pass-2026',
    });
    await signIn(page, { email: buyer.email, password: buyer.password, next: '/configure' });
    const total = page.getByTestId('live-total');
    await expect.poll(() => total.textContent()).toBe(money(0));
    const classic = demoProject.packages.find((p) => p.name === 'Classic Warmth')!;
    // A preview first: what it chooses, and the total with it; nothing changes until confirmed.
    await page.getByRole('button', { name: `Preview and apply the ${classic.name} package` }).click();
    const preview = page.getByTestId('package-preview');
    const withPackage = parsePrice(
      (await preview.getByTestId('package-totals').textContent())!.split('With the package')[1]!.trim(),
    );
    expect(await preview.textContent()).toContain('Quartz – Calacatta');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await total.textContent()).toBe(money(0));
    await page.getByRole('button', { name: `Preview and apply the ${classic.name} package` }).click();
    await page.getByRole('button', { name: 'Apply the package' }).click();
    await page.getByTestId('package-card').filter({ hasText: classic.name }).getByTestId('package-applied').waitFor();
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    const applied = parsePrice((await total.textContent())!);
    expect(applied).toBe(withPackage);
    expect(applied).toBeGreaterThan(0);

    // My selection lists the package's saving among its lines: the lines add up to the total.
    await page.goto(page.url().replace('/configure', '/config'));
    await page.getByTestId('review-total').waitFor();
    const lines = await page.getByTestId('review-line').allTextContents();
    const adjustments = await page.getByTestId('review-adjustment').allTextContents();
    expect(adjustments.join(' ')).toContain(classic.name);
    // Each line ends with its amount ("Included" lines add nothing); an adjustment that saves starts with −.
    const amountOf = (text: string) =>
      text.includes('$')
        ? (text.includes('−') ? -1 : 1) *
          Math.round(Number(text.slice(text.lastIndexOf('$') + 1).replace(/,/g, '')) * 100)
        : 0;
    expect([...lines, ...adjustments].map(amountOf).reduce((a, b) => a + b, 0)).toBe(applied);
    expect(parsePrice((await page.getByTestId('review-total').textContent())!)).toBe(applied);
    await page.goto(page.url().replace('/config', '/configure'));

    await page.reload();
    await page.getByTestId('package-card').filter({ hasText: classic.name }).getByText('Applied').waitFor();
    await expect.poll(() => page.getByTestId('live-total').textContent()).toBe(money(applied));
    await page.getByRole('tab', { name: 'Kitchen' }).click();
    for (const name of ['Shaker – Navy', 'Quartz – Calacatta', 'Marble Herringbone']) {
      expect(await page.locator(`[data-option="${name}"]`).first().getAttribute('aria-pressed'), name).toBe('true');
    }

    // Taken off again: the choices stay, the saving goes; and undone.
    await page
      .getByTestId('package-card')
      .filter({ hasText: classic.name })
      .getByRole('button', { name: 'Remove package' })
      .click();
    await page.getByTestId('configure-notice').getByText(`${classic.name} is no longer applied`).waitFor();
    expect(await page.getByTestId('package-applied').count()).toBe(0);
    await page.getByTestId('notice-undo').click();
    await page.getByTestId('package-card').filter({ hasText: classic.name }).getByTestId('package-applied').waitFor();
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    await expect.poll(() => total.textContent()).toBe(money(applied));
  });

  it('says which choices a change took with it, and undoes it', async () => {
    const { page } = session();
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `removed-${Date.now()}@example.test`,
      password: 'Removed-pass-2026',
    });
    await signIn(page, { email: buyer.email, password: buyer.password, next: '/configure' });
    const total = page.getByTestId('live-total');
    await total.waitFor();
    await page.getByRole('tab', { name: 'Kitchen' }).click();
    const choose = async (name: string) => {
      await page.locator(`[data-option="${name}"]`).first().click();
      await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    };
    await choose('Quartz – Calacatta');
    await choose('Full-Height Quartz Slab');
    const withSlab = parsePrice((await total.textContent())!);
    await choose('Quartz – Arctic White');
    const notice = page.getByTestId('configure-notice');
    await expect
      .poll(() => notice.textContent())
      .toContain(
        `Also removed: Full-Height Quartz Slab (it needs Quartz – Calacatta), −${money(seedPrice('Full-Height Quartz Slab'))}.`,
      );
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    await expect.poll(() => total.textContent()).toBe(money(withSlab));
    for (const name of ['Quartz – Calacatta', 'Full-Height Quartz Slab']) {
      expect(await page.locator(`[data-option="${name}"]`).first().getAttribute('aria-pressed'), name).toBe('true');
    }

    // "See it in 3D" opens the room the buyer was choosing for.
    await page.getByTestId('see-in-3d').click();
    await page.waitForURL((url) => url.pathname === '/explore' && url.searchParams.has('room'));
    await expect.poll(() => page.getByTestId('current-room').textContent()).toBe('Kitchen');
  });
});

describe('budget and allowances', () => {
  const session = useBrowser({ viewport: DESKTOP });

  it('shows what is left of the buyer’s budget and of a category’s allowance as they choose', async () => {
    const { page } = session();
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `budget-${Date.now()}@example.test`,
      password: 'Budget-pass-2026',
    });
    await signIn(page, { email: buyer.email, password: buyer.password, next: '/configure' });
    const budget = page.getByTestId('budget');
    await budget.getByText('No budget set').waitFor();
    await budget.getByRole('button', { name: 'Set a budget' }).click();
    // Letters are refused in words, and nothing is saved.
    await page.getByLabel(/My budget for upgrades/).fill('abc');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('“abc” is not an amount in CAD.').waitFor();
    await page.getByLabel(/My budget for upgrades/).fill('10,000');
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
    await page
      .getByTestId('budget')
      .getByText(`${money(1_000_000 - dimmer)} left of your budget`)
      .waitFor();
  });
});
