import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { DESKTOP, openBrowser, origin, PHONE, signIn } from './support/browser.ts';
import { createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';

const cad = (minor: number) => formatMoney(minor, { currency: 'CAD', locale: 'en-CA' });
const photo = (rgb: [number, number, number]) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

/** Picks an entry of a Mantine select or multi-select by typing and clicking it. */
async function pick(page: import('playwright-core').Page, label: string, value: string) {
  const input = page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('combobox', { name: label, exact: true }))
    .first();
  await input.click();
  await input.fill(value);
  await page.getByRole('option', { name: value, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('a new option, from the editor to the buyer', () => {
  it('a manager creates a category and an option with two photos, a price and a rule; a buyer on a phone sees its photo and details and cannot choose it before what it needs', async () => {
    const suffix = Date.now().toString(36);
    const categoryName = `Window Treatments ${suffix}`;
    const optionName = `Linen Drapes ${suffix}`;
    const manager = await openBrowser({ viewport: DESKTOP });
    try {
      const m = manager.page;
      const staff = await createManager();
      await signIn(m, { email: staff.email, password: staff.password, next: '/manage/models/categories/new' });
      await m.waitForURL((url) => url.pathname === '/manage/models/categories/new');
      await m.waitForLoadState('networkidle');
      await m.getByRole('textbox', { name: /^Name \(English\)/ }).fill(categoryName);
      await pick(m, 'Rooms', 'Living Room');
      await m.getByRole('button', { name: 'Create category' }).click();
      await m.waitForURL((url) => /\/manage\/models\/categories\/[0-9a-f-]{36}$/.test(url.pathname));

      await m.goto(`${origin()}/manage/models/options/new`);
      await m.waitForLoadState('networkidle');
      await m.getByRole('textbox', { name: /^Name \(English\)/ }).fill(optionName);
      await pick(m, 'Category', categoryName);
      await pick(m, 'Rooms', 'Living Room');
      await m.getByRole('textbox', { name: /^Price \(CAD\)/ }).fill('850');
      for (const [index, colour] of (
        [
          [120, 100, 80],
          [200, 190, 170],
        ] as Array<[number, number, number]>
      ).entries()) {
        await m
          .locator('[data-field="images"] input[type=file]')
          .setInputFiles({ name: `drapes-${index}.png`, mimeType: 'image/png', buffer: await photo(colour) });
        await expect.poll(() => m.getByTestId('file-thumb').count()).toBe(index + 1);
      }
      await pick(m, 'Needs', 'Pale Oak');
      await m.getByRole('button', { name: 'Create option' }).click();
      await m.waitForURL((url) => /\/manage\/models\/options\/[0-9a-f-]{36}$/.test(url.pathname));
      await expect.poll(() => m.getByTestId('rule-links').textContent()).toContain('Pale Oak');
      expect(manager.consoleErrors).toEqual([]);
    } finally {
      await manager.close();
    }

    const email = `drapes-${suffix}@example.test`;
    const fixture = await createBuyerWithCompleteCart({ projectKey: 'demo', email, password: 'Drapes-pass-2026' });
    const buyer = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      const b = buyer.page;
      await signIn(b, { email, password: fixture.password, next: '/configure' });
      await b.waitForURL((url) => url.pathname === '/configure');
      await b.getByRole('tab', { name: 'Living Room' }).click();
      const card = b.locator(`[data-option="${optionName}"]`);
      await card.waitFor();
      expect(await card.getByTestId('option-photo').count()).toBe(1);
      expect(await card.isDisabled()).toBe(true);

      // Tapping "Details" works on a card that cannot be chosen yet: it says why.
      await b.getByRole('button', { name: `Details of ${optionName}` }).tap();
      const detail = b.getByRole('dialog', { name: optionName });
      await detail.waitFor();
      expect(await detail.getByTestId('detail-price').textContent()).toBe(`+${cad(85_000)}`);
      expect(await detail.getByTestId('detail-reason').textContent()).toContain('Needs Pale Oak first.');
      await expect.poll(() => detail.getByRole('img').count()).toBeGreaterThanOrEqual(2);
      expect(await detail.getByRole('button', { name: 'Choose this' }).isDisabled()).toBe(true);
      await detail.getByRole('button', { name: 'Photo 2' }).tap();
      expect(await detail.getByRole('img', { name: `${optionName}, photo 2 of 2` }).count()).toBe(1);
      await detail.getByRole('button', { name: 'Close' }).first().tap();

      // With what it needs chosen, it can be chosen from its details.
      await b.locator('[data-option="Pale Oak"]').first().tap();
      await expect.poll(() => card.isDisabled()).toBe(false);
      await b.getByRole('button', { name: `Details of ${optionName}` }).tap();
      await detail.getByRole('button', { name: 'Choose this' }).tap();
      await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
      expect(buyer.consoleErrors).toEqual([]);
    } finally {
      await buyer.close();
    }
  });
});
