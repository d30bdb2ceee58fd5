import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, openBrowser, PHONE, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { near, pixelAt, seedColour } from './support/pixels.ts';
import { createBuyerWithCompleteCart } from './support/fixtures.ts';

/** Counts the WebGL draw calls of every page the browser opens from now on (window.__draws). */
async function countDraws(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { __draws: number };
    counted.__draws = 0;
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
      for (const name of ['drawElements', 'drawArrays'] as const) {
        const draw = proto[name] as (...args: unknown[]) => void;
        (proto as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          counted.__draws++;
          return draw.apply(this, args);
        };
      }
    }
  });
  return () => page.evaluate(() => (window as unknown as { __draws: number }).__draws);
}

async function openRoom(page: Page, room: string) {
  await page
    .getByRole('group', { name: 'Floor plan: choose a room' })
    .getByRole('button', { name: room, exact: true })
    .click();
  await expect.poll(() => page.getByTestId('current-room').textContent()).toBe(room);
  await expect.poll(() => page.getByTestId('scene-frame').getAttribute('data-ready'), { timeout: 45_000 }).toBeTruthy();
}

describe('exploring the rooms in 3D', () => {
  const session = useBrowser({ viewport: DESKTOP });
  let browser: BrowserSession;
  beforeEach(() => {
    browser = session();
  });

  it('draws the floor in the colour of the chosen flooring, and follows a new choice (pixels read back)', async () => {
    const { page } = browser;
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `explorer-${Date.now()}@example.test`,
      password: 'Explorer-pass-2026',
    });
    const draws = await countDraws(page);
    await signIn(page, { email: buyer.email, password: buyer.password, next: '/explore' });
    await page.waitForURL((url) => url.pathname === '/explore');
    await openRoom(page, 'Living Room');
    const standardFloor = (await page.getByTestId('swatch-floor').locator('p').nth(1).textContent())!;
    expect(standardFloor).toMatch(/^Laminate – /);
    const before = await pixelAt(page, '[data-testid="scene-frame"]', 0.5, 0.7);
    expect(before, `floor ${before} for ${standardFloor}`).toSatisfy((pixel: number[]) =>
      near(pixel, seedColour(standardFloor)),
    );

    // A room nobody moves is not drawn again (a phone's battery, the processor); orbiting draws it.
    await page.waitForTimeout(500);
    const idleFrom = await draws();
    expect(idleFrom).toBeGreaterThan(0);
    await page.waitForTimeout(1_000);
    expect(await draws()).toBe(idleFrom);
    const box = (await page.getByTestId('scene-frame').locator('canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(draws).toBeGreaterThan(idleFrom);

    await page.getByRole('link', { name: 'Configure' }).first().click();
    await page.getByRole('tab', { name: 'Living Room' }).click();
    const smoked = page.locator('[data-option="Engineered Oak – Smoked"]').first();
    await smoked.click();
    await expect.poll(() => smoked.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
    // Configure's own preview already shows it, drawn flat.
    const sketchFloor = page.getByTestId('room-preview').locator('[data-surface="floor"]');
    expect(await sketchFloor.getAttribute('fill')).toBe('#6e5038');

    await page.getByRole('link', { name: 'See it in 3D' }).first().click();
    await page.waitForURL((url) => url.pathname === '/explore');
    await openRoom(page, 'Living Room');
    const after = await pixelAt(page, '[data-testid="scene-frame"]', 0.5, 0.7);
    expect(after, `floor ${after}`).toSatisfy((pixel: number[]) => near(pixel, seedColour('Engineered Oak – Smoked')));
    expect(near(after, before, 30)).toBe(false);
    expect(await page.getByTestId('swatch-floor').textContent()).toContain('Engineered Oak – Smoked');
  });
});

describe('a finish with a texture', () => {
  it('covers the floor with the texture image the design centre uploaded', async () => {
    const blue = [0x20, 0x50, 0xc0];
    // The design centre uploads a texture (a plain blue tile) for the concrete-look porcelain.
    const manager = await openBrowser({ viewport: DESKTOP });
    try {
      await signIn(manager.page, { email: 'manager@demo.test', password: 'e2e-demo-password', next: '/manage' });
      await manager.page.waitForURL((url) => url.pathname === '/manage');
      const status = await manager.page.evaluate(async ([r, g, b]) => {
        const canvas = new OffscreenCanvas(64, 64);
        const context = canvas.getContext('2d')!;
        context.fillStyle = `rgb(${r}, ${g}, ${b})`;
        context.fillRect(0, 0, 64, 64);
        const form = new FormData();
        form.append('configs', JSON.stringify({ purpose: 'catalogue' }));
        form.append('file', await canvas.convertToBlob({ type: 'image/png' }), 'blue-tile.png');
        const uploaded = await (await fetch('/api/files', { method: 'POST', body: form })).json();
        const options = await (await fetch('/api/schema/options/?limit=200')).json();
        const tile = options.find((o: { name: string }) => o.name === 'Porcelain Tile – Concrete');
        const patched = await fetch(`/api/schema/options/${tile._id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            swatch: { ...tile.swatch, texture: uploaded._id, scale: 0.6 },
            _version: tile._version,
          }),
        });
        return patched.status;
      }, blue);
      expect(status).toBe(200);
    } finally {
      await manager.close();
    }

    const buyerBrowser = await openBrowser({ viewport: DESKTOP });
    try {
      const { page } = buyerBrowser;
      const buyer = await createBuyerWithCompleteCart({
        projectKey: 'demo',
        email: `texture-${Date.now()}@example.test`,
        password: 'Texture-pass-2026',
      });
      // The scene takes the texture compressed for the GPU (KTX2), transcoded on a worker of its own.
      const textures: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes('?texture=ktx2')) textures.push(response.status());
      });
      await signIn(page, { email: buyer.email, password: buyer.password, next: '/configure' });
      await page.waitForURL((url) => url.pathname === '/configure');
      await page.getByRole('tab', { name: 'Living Room' }).click();
      const tile = page.locator('[data-option="Porcelain Tile – Concrete"]').first();
      await tile.click();
      await expect.poll(() => tile.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByLabel('Saving').count()).toBe(0);
      await page.getByRole('link', { name: 'See it in 3D' }).first().click();
      await page.waitForURL((url) => url.pathname === '/explore');
      await openRoom(page, 'Living Room');
      await expect
        .poll(() => pixelAt(page, '[data-testid="scene-frame"]', 0.5, 0.7), { timeout: 15_000 })
        .toSatisfy((pixel: number[]) => near(pixel, blue, 12));
      expect(textures).toEqual([200]);
      expect(buyerBrowser.consoleErrors).toEqual([]);
    } finally {
      await buyerBrowser.close();
    }
  });
});

describe('a tour on a phone', () => {
  const session = useBrowser({ viewport: PHONE, isMobile: true });

  it('walks through the rooms of the plan in order', async () => {
    const { page } = session();
    await signIn(page, { email: 'buyer@demo.test', password: 'e2e-demo-password', next: '/tour' });
    await page.waitForURL((url) => url.pathname === '/tour');
    const step = page.getByTestId('tour-step');
    await expect.poll(() => step.textContent(), { timeout: 15_000 }).toMatch(/^Foyer · 1 of \d+$/);
    await expect
      .poll(() => page.getByTestId('scene-frame').getAttribute('data-ready'), { timeout: 45_000 })
      .toBeTruthy();
    // One WebGL canvas for every room: the next room is drawn in it, not in a new one.
    const foyer = await page.getByTestId('scene-frame').getAttribute('data-ready');
    await page.locator('canvas').evaluate((canvas) => canvas.setAttribute('data-first', ''));
    await page.getByRole('button', { name: 'Next room' }).click();
    await expect.poll(() => step.textContent()).toMatch(/^Living Room · 2 of \d+$/);
    await expect
      .poll(() => page.getByTestId('scene-frame').getAttribute('data-ready'), { timeout: 45_000 })
      .toSatisfy((drawn: string | null) => drawn !== null && drawn !== foyer);
    expect(await page.locator('canvas[data-first]').count()).toBe(1);
    await page.getByRole('button', { name: 'Next room' }).click();
    await expect.poll(() => step.textContent()).toMatch(/^Kitchen · 3 of \d+$/);
    expect(await page.getByTestId('swatch-board').textContent()).toContain('Shaker – Navy');
  });
});

describe('without WebGL', () => {
  const session = useBrowser({ viewport: DESKTOP, extraArgs: ['--disable-3d-apis', '--disable-webgl'] });

  it('draws the room flat with the chosen colours instead of a blank page', async () => {
    const { page } = session();
    await signIn(page, { email: 'buyer@demo.test', password: 'e2e-demo-password', next: '/explore' });
    await page.waitForURL((url) => url.pathname === '/explore');
    await page.getByTestId('no-webgl').waitFor();
    await page
      .getByRole('group', { name: 'Floor plan: choose a room' })
      .getByRole('button', { name: 'Living Room', exact: true })
      .click();
    const floor = page.getByTestId('no-webgl').locator('[data-surface="floor"]');
    expect(await floor.getAttribute('fill')).toBe('#b9824a');
    expect(await page.locator('canvas').count()).toBe(0);
  });
});
