import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, openBrowser, signIn } from './support/browser.ts';
import { asDemoManager, chooseInCart, createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';

type Item = { _id: string; _version: number; name: string; surface?: string | null; category?: string };

/** How many pixels of the 3D view are within `tolerance` of a colour. */
async function pixelsNear(page: Page, [r, g, b]: [number, number, number], tolerance = 12): Promise<number> {
  return page.locator('[data-testid="scene-frame"] canvas').evaluate(
    (canvas: HTMLCanvasElement, [tr, tg, tb, tol]) => {
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (
          Math.abs(data[i]! - tr!) <= tol! &&
          Math.abs(data[i + 1]! - tg!) <= tol! &&
          Math.abs(data[i + 2]! - tb!) <= tol!
        )
          count++;
      }
      return count;
    },
    [r, g, b, tolerance],
  );
}

async function openKitchen(page: Page) {
  await page
    .getByRole('group', { name: 'Floor plan: choose a room' })
    .getByRole('button', { name: 'Kitchen', exact: true })
    .click();
  await expect.poll(() => page.getByTestId('current-room').textContent()).toBe('Kitchen');
  await expect.poll(() => page.getByTestId('scene-frame').getAttribute('data-ready'), { timeout: 45_000 }).toBeTruthy();
}

describe('the 3D settings (/manage/runtime)', () => {
  it('maps Countertops to the counter surface, and the buyer’s 3D kitchen counter takes the chosen granite (pixels read back)', async () => {
    const manager = await asDemoManager();
    const categories = (await manager('GET', '/api/schema/categories/?limit=200')).json as Item[];
    const countertops = categories.find((c) => c.name === 'Countertops')!;
    const options = (await manager('GET', '/api/schema/options/?limit=200')).json as Item[];
    const granite = options.find((o) => o.name === 'Granite – Black Pearl')!;
    const BLACK_PEARL: [number, number, number] = [0x26, 0x26, 0x26];
    expect(
      (
        await manager('PATCH', `/api/schema/categories/${countertops._id}`, {
          surface: null,
          _version: countertops._version,
        })
      ).status,
    ).toBe(200);

    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `counter-${Date.now()}@example.test`,
      password: 'Counter-pass-2026',
    });
    await chooseInCart({ cartId: buyer.cartId, category: countertops._id, option: granite._id });
    const buyerBrowser = await openBrowser({ viewport: DESKTOP });
    const managerBrowser = await openBrowser({ viewport: DESKTOP });
    try {
      const b = buyerBrowser.page;
      await signIn(b, { email: buyer.email, password: buyer.password, next: '/explore' });
      await b.waitForURL((url) => url.pathname === '/explore');
      await openKitchen(b);
      // Not mapped: the counter has the standard look, and nothing in the kitchen is granite black.
      expect(await pixelsNear(b, BLACK_PEARL)).toBeLessThan(50);

      const m = managerBrowser.page;
      const staff = await createManager();
      await signIn(m, { email: staff.email, password: staff.password, next: '/manage/runtime' });
      await m.waitForURL((url) => url.pathname === '/manage/runtime');
      const select = m
        .getByRole('textbox', { name: 'Surface of Countertops' })
        .or(m.getByRole('combobox', { name: 'Surface of Countertops' }))
        .first();
      await select.click();
      await m.getByRole('option', { name: 'Counter', exact: true }).click();
      await expect.poll(() => m.getByTestId('runtime-message').textContent()).toBe('Countertops now paints counter.');

      await b.reload();
      await openKitchen(b);
      await expect.poll(() => pixelsNear(b, BLACK_PEARL), { timeout: 10_000 }).toBeGreaterThan(200);
      expect(await b.getByTestId('swatch-counter').textContent()).toContain('Granite – Black Pearl');
      expect(buyerBrowser.consoleErrors).toEqual([]);
      expect(managerBrowser.consoleErrors).toEqual([]);
    } finally {
      await buyerBrowser.close();
      await managerBrowser.close();
      // Whatever happened, the demo keeps its mapping.
      const now = (await manager('GET', `/api/schema/categories/${countertops._id}`)).json as Item;
      if (now.surface !== 'counter')
        await manager('PATCH', `/api/schema/categories/${countertops._id}`, {
          surface: 'counter',
          _version: now._version,
        });
    }
  });
});
