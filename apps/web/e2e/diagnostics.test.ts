import { describe, expect, it } from 'vitest';
import { DESKTOP, origin, withBrowsers } from './support/browser.ts';

/** The diagnostics of the sales-centre screens (docs/displays.md, "Diagnostics"): the realtime channel and WebGL, measured in the browser. */
describe('the diagnostics pages', () => {
  it('measure round trips through the bus between servers, and draw the real room for ten seconds with its figures', async () => {
    await withBrowsers(2, { viewport: DESKTOP }, async ([first, second]) => {
      const realtime = first!.page;
      const webgl = second!.page;
      await Promise.all([realtime.goto(`${origin()}/test/gamelift`), webgl.goto(`${origin()}/test/playcanv`)]);

      await expect.poll(() => realtime.getByTestId('probe-state').textContent()).toBe('Connected');
      await realtime.getByText('Through the bus', { exact: true }).click();
      await realtime.getByRole('button', { name: 'Measure' }).click();
      await expect
        .poll(() => realtime.getByTestId('probe-results').getAttribute('data-count'), { timeout: 20_000 })
        .toBe('200');
      const p99 = Number.parseFloat((await realtime.getByTestId('probe-p99').textContent())!);
      const p50 = Number.parseFloat((await realtime.getByTestId('probe-p50').textContent())!);
      expect(p50).toBeGreaterThan(0);
      expect(p99).toBeGreaterThanOrEqual(p50);
      expect(await realtime.getByTestId('probe-results').textContent()).toMatch(/Answered by server [0-9a-f]{8}/);

      expect(await webgl.getByTestId('gl-webgl-2').textContent()).toMatch(/Yes|No/);
      expect(
        Number.parseInt((await webgl.getByTestId('gl-max-texture-size').textContent())!, 10),
      ).toBeGreaterThanOrEqual(2048);
      await expect.poll(() => webgl.getByTestId('gl-run').getAttribute('data-done'), { timeout: 30_000 }).toBe('true');
      expect(await webgl.getByTestId('gl-first-frame').textContent()).toMatch(/^\d+ ms$/);
      expect(Number.parseFloat((await webgl.getByTestId('gl-median-fps').textContent())!)).toBeGreaterThan(0);
    });
  });
});
