import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';
import { signIn, useBrowser, type BrowserSession } from './support/browser.ts';

const session = useBrowser();
let browser: BrowserSession;
beforeEach(() => {
  browser = session();
});

describe('project logo (back office settings)', () => {
  it('uploads a logo that then shows on the logo band, and explains a refused file', async () => {
    const { page } = browser;
    await signIn(page, { email: 'manager@demo.test', password: E2E_DEMO_PASSWORD, next: '/manage/settings' });
    await page.waitForURL((url) => url.pathname === '/manage/settings');
    await page.getByText('(no logo yet)').waitFor();

    const notAnImage = Buffer.from('just some text, not a picture '.repeat(20));
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: notAnImage });
    await page.getByRole('alert').getByText('This file is not an accepted type').waitFor();

    // Random pixels do not compress: a real 600 KB file, sent over a slowed-down uplink so
    // that the progress bar can be seen moving.
    const noise = Buffer.from(Array.from({ length: 480 * 120 * 4 }, () => Math.floor(Math.random() * 256)));
    const logo = await sharp(noise, { raw: { width: 480, height: 120, channels: 4 } })
      .png()
      .toBuffer();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'maple-logo.png', mimeType: 'image/png', buffer: logo });
    const bar = page.getByTestId('upload-progress');
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const bandLogo = page.getByTestId('logo-band').getByRole('img', { name: 'Maple Residences' });
    await bandLogo.waitFor();
    expect(await bandLogo.getAttribute('src')).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    await expect.poll(() => bandLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(480);

    // Two clicks: the first only arms the button.
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('button', { name: 'Click again to remove' }).click();
    await page.getByText('(no logo yet)').waitFor();
  });
});
