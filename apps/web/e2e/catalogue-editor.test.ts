import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@decor/core';
import { signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { asDemoManager, createManager } from './support/fixtures.ts';

const session = useBrowser();
let browser: BrowserSession;
beforeEach(() => {
  browser = session();
});
const cad = (minor: number) => formatMoney(minor, { currency: 'CAD', locale: 'en-CA' });
type Item = { _id: string; _version: number; name: string; price?: number; vendor?: string };

describe('the catalogue editor (/manage/models)', () => {
  it('edits an option’s price in dollars, refuses a stale save without overwriting, and creates a room', async () => {
    const { page } = browser;
    const manager = await asDemoManager();
    const options = (await manager('GET', '/api/schema/options/?limit=200')).json as Item[];
    const target = options.find((o) => o.name === 'Swiss Coffee')!;

    const staff = await createManager();
    await signIn(page, { email: staff.email, password: staff.password, next: '/manage/models/options' });
    await page.waitForURL((url) => url.pathname === '/manage/models/options');
    await page.getByRole('textbox', { name: 'Search options' }).fill('Swiss');
    await page.getByTestId('model-row').getByRole('link', { name: 'Swiss Coffee' }).click();
    await page.waitForURL((url) => url.pathname === `/manage/models/options/${target._id}`);
    const price = page.getByRole('textbox', { name: /^Price \(CAD\)/ });
    await price.fill('1,234.50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('edit-message').textContent()).toBe('Saved.');
    const saved = (await manager('GET', `/api/schema/options/${target._id}`)).json as Item;
    expect(saved.price).toBe(123_450);

    // Someone else changes the vendor while the page is open: the next save is refused, nothing is lost.
    expect(
      (
        await manager('PATCH', `/api/schema/options/${target._id}`, {
          vendor: 'Farrow & Ball',
          _version: saved._version,
        })
      ).status,
    ).toBe(200);
    await page.getByRole('textbox', { name: /^Name \(English\)/ }).fill('Swiss Coffee (eggshell)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // The form now shows their version; the name typed here waits aside, named, to be put back in one click.
    const conflict = page.getByTestId('edit-conflict');
    await expect.poll(() => conflict.textContent()).toContain('Name');
    const between = (await manager('GET', `/api/schema/options/${target._id}`)).json as Item;
    expect(between).toMatchObject({ name: 'Swiss Coffee', vendor: 'Farrow & Ball' });
    expect(await page.getByRole('textbox', { name: 'Vendor' }).inputValue()).toBe('Farrow & Ball');
    expect(await page.getByRole('textbox', { name: /^Name \(English\)/ }).inputValue()).toBe('Swiss Coffee');
    await conflict.getByRole('button', { name: 'Put my changes back' }).click();
    expect(await page.getByRole('textbox', { name: /^Name \(English\)/ }).inputValue()).toBe('Swiss Coffee (eggshell)');
    expect(await page.getByRole('textbox', { name: 'Vendor' }).inputValue()).toBe('Farrow & Ball');
    // The project speaks French too: the name is asked for in each of its languages.
    await page.getByRole('textbox', { name: /^Name \(Français\)/ }).fill('Café suisse (coquille d’œuf)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('edit-message').textContent()).toBe('Saved.');
    expect((await manager('GET', `/api/schema/options/${target._id}`)).json).toMatchObject({
      name: 'Swiss Coffee (eggshell)',
      vendor: 'Farrow & Ball',
      price: 123_450,
      translations: { 'fr-CA': { name: 'Café suisse (coquille d’œuf)' } },
    });

    // The list shows the new price in dollars.
    await page.getByRole('link', { name: '← Options' }).click();
    await page.getByRole('textbox', { name: 'Search options' }).fill('eggshell');
    await expect.poll(() => page.getByTestId('model-row').first().textContent()).toContain(cad(123_450));

    // A new room, with a field the browser checks before the server.
    await page.goto(page.url().replace('/manage/models/options', '/manage/models/rooms/new'));
    await page.getByRole('button', { name: 'Create room' }).click();
    await expect
      .poll(() => page.getByTestId('edit-message').textContent())
      .toBe('Not saved: correct Name (marked in red).');
    // Said beside the button pressed, in the bar that stays in view, not somewhere under the fields.
    expect(await page.getByTestId('sticky-actions').getByTestId('edit-message').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: /^Name \(English\)/ }).fill('Home Office');
    await page.getByRole('button', { name: 'Create room' }).click();
    await page.waitForURL((url) => /\/manage\/models\/rooms\/[0-9a-f-]{36}$/.test(url.pathname));
    const rooms = (await manager('GET', '/api/schema/rooms/?limit=200')).json as Item[];
    expect(rooms.some((r) => r.name === 'Home Office')).toBe(true);
  });

  it('refuses to delete a category that options still use, and says so', async () => {
    const { page } = browser;
    const manager = await asDemoManager();
    const categories = (await manager('GET', '/api/schema/categories/?limit=200')).json as Item[];
    const flooring = categories.find((c) => c.name === 'Flooring')!;
    const staff = await createManager();
    await signIn(page, {
      email: staff.email,
      password: staff.password,
      next: `/manage/models/categories/${flooring._id}`,
    });
    await page.waitForURL((url) => url.pathname === `/manage/models/categories/${flooring._id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Click again to delete' }).click();
    await expect.poll(() => page.getByTestId('edit-message').textContent()).toMatch(/still used by \d+ item/);
    expect((await manager('GET', `/api/schema/categories/${flooring._id}`)).status).toBe(200);
  });

  it('shows what a package contains and costs, and what a buyer’s open selection would become', async () => {
    const { page } = browser;
    const manager = await asDemoManager();
    const packages = (await manager('GET', '/api/schema/packages/?limit=200')).json as Array<
      Item & { options: string[]; priceAdjustment: number }
    >;
    const classic = packages.find((p) => p.name === 'Classic Warmth')!;
    const options = (await manager('GET', '/api/schema/options/?limit=200')).json as Item[];
    const sum = classic.options.reduce((total, id) => total + (options.find((o) => o._id === id)!.price ?? 0), 0);
    const staff = await createManager();
    await signIn(page, {
      email: staff.email,
      password: staff.password,
      next: `/manage/models/packages/${classic._id}`,
    });
    await page.waitForURL((url) => url.pathname === `/manage/models/packages/${classic._id}`);
    const panel = page.getByTestId('package-panel');
    await expect.poll(() => panel.getByTestId('package-price').textContent()).toBe(cad(sum + classic.priceAdjustment));
    const picker = page
      .getByRole('combobox', { name: 'Preview on a buyer’s open selection' })
      .or(page.getByRole('textbox', { name: 'Preview on a buyer’s open selection' }))
      .first();
    await picker.click();
    await page.getByRole('option').first().click();
    const preview = panel.getByTestId('package-preview');
    await expect.poll(() => preview.textContent()).toMatch(/Adds:.*Replaces:.*Total \$[\d,.]+ → \$[\d,.]+/);
  });
});
