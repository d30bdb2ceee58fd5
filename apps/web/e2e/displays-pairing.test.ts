import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { origin, PHONE, withBrowsers } from './support/browser.ts';
import { near, pixelAt, seedColour } from './support/pixels.ts';
import { asPerson } from './support/fixtures.ts';
import { audit } from './support/audit.ts';
import { waitForMail } from './support/mail-files.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';
import { startAnotherServer, startBalancer, type ExtraServer } from './support/more-servers.ts';

const TV = { width: 1280, height: 720 };

/** Opens `/v` at an address, has the platform's administrator claim it for the demo project, and waits for its attract screen. */
async function claimedScreen(screen: Page, at: string, name: string) {
  await screen.goto(`${at}/v`);
  const code = (await screen.getByTestId('claim-code').textContent())!;
  const admin = await asPerson({ email: 'admin@demo.test', password: E2E_DEMO_PASSWORD });
  const claimed = await admin('POST', '/api/displays/claim', { code, name, project: 'demo' });
  expect(claimed.status).toBe(200);
  await screen.getByTestId('pairing-code').waitFor({ timeout: 15_000 });
}

async function choose(phone: Page, room: string, option: string) {
  await phone.getByTestId('remote-rooms').getByRole('button', { name: room, exact: true }).click();
  await phone.getByTestId('remote-option').filter({ hasText: option }).click();
}

/** A download the crash cut off is the crash's doing, not the page's: Chromium reports it on the console all the same. */
function forgetCutDownloads(consoleErrors: string[]) {
  const others = consoleErrors.filter((error) => !error.startsWith('Failed to load resource: net::ERR_'));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

let second: ExtraServer;
beforeAll(async () => {
  second = await startAnotherServer();
}, 90_000);
afterAll(() => second?.stop());

/** A visitor's phone driving a sales-centre screen (docs/displays.md, "Pairing a phone"), the screen and the phone on different servers. */
describe("a visitor's phone and a sales-centre screen", () => {
  it('pairs by the QR code on another server, changes the 3D room at once, resumes after a reload, and ends', async () => {
    await withBrowsers(1, { viewport: TV }, async ([tv]) => {
      const screen = tv!.page;
      // The 3D scene's code is cut off on its first download, as when a server dies mid-transfer:
      // the screen stays up, fetches it again and draws the room.
      let isCut = false;
      await screen.route(/\/assets\/room-scene-[^/]+\.js$/, async (route) => {
        if (isCut) return route.continue();
        isCut = true;
        await route.abort('connectionreset');
      });
      await claimedScreen(screen, origin(), 'Showroom TV');
      const firstCode = await screen.getByTestId('pairing-code').textContent();
      const scanned = (await screen.getByTestId('pairing-invitation').getAttribute('data-url'))!;
      expect(scanned).toMatch(/\/controller\/[0-9a-f-]{36}#.{16,}$/);
      // The phone reaches the second server: the screen hears it through PostgreSQL.
      const onSecond = scanned.replace(origin(), second.origin());

      await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([mobile]) => {
        const phone = mobile!.page;
        const started = Date.now();
        await phone.goto(onSecond);
        await phone.getByTestId('remote').waitFor();
        expect(Date.now() - started).toBeLessThan(5_000);
        // The secret leaves the address at once; the screen shows no code while the phone holds it.
        expect(new URL(phone.url()).hash).toBe('');
        await screen.getByTestId('display-room').waitFor({ timeout: 10_000 });
        expect(await screen.getByTestId('pairing-code').count()).toBe(0);

        await choose(phone, 'Living Room', 'Engineered Oak – Smoked');
        await expect
          .poll(() => screen.getByTestId('display-room-name').textContent(), { timeout: 10_000 })
          .toBe('Living Room');
        // The paired remote, which the page sweep cannot reach: its buttons named by what they show.
        expect(await audit(phone, '/controller (paired)')).toEqual([]);
        await expect
          .poll(() => pixelAt(screen, '[data-testid="display-room"]', 0.5, 0.7), { timeout: 20_000 })
          .toSatisfy((pixel: number[]) => near(pixel, seedColour('Engineered Oak – Smoked'), 12));
        expect(isCut).toBe(true);

        // A reload drops the phone's socket: the visit resumes silently and the next tap still reaches the screen.
        await phone.reload();
        await phone.getByTestId('remote').waitFor();
        await choose(phone, 'Living Room', 'Laminate – Grey Ash');
        await expect
          .poll(() => pixelAt(screen, '[data-testid="display-room"]', 0.5, 0.7), { timeout: 20_000 })
          .toSatisfy((pixel: number[]) => near(pixel, seedColour('Laminate – Grey Ash'), 12));

        // The look goes home by e-mail before the visit ends.
        await phone.getByRole('textbox', { name: /^Your e-mail/ }).fill('showroom.visitor@example.test');
        await phone.getByRole('button', { name: 'Send me this look' }).click();
        await phone.getByTestId('look-sent').waitFor();
        const mailed = await waitForMail('showroom.visitor@example.test', /The look you built at Maple Residences/);
        expect(mailed.text).toContain('Flooring: Laminate – Grey Ash');

        await phone.getByTestId('end-visit').click();
        await expect.poll(() => phone.getByTestId('controller-ended').getAttribute('data-reason')).toBe('ended');
        await screen.getByTestId('pairing-code').waitFor({ timeout: 10_000 });
        expect(await screen.getByTestId('pairing-code').textContent()).not.toBe(firstCode);
      });
    });
  });

  it('pairs by the typed code; after 3 minutes without the phone the screen returns to its welcome loop', async () => {
    await withBrowsers(1, { viewport: TV }, async ([tv]) => {
      const screen = tv!.page;
      await claimedScreen(screen, second.origin(), 'Model suite TV');
      const code = (await screen.getByTestId('pairing-code').textContent())!;
      await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([mobile]) => {
        const phone = mobile!.page;
        await phone.goto(`${origin()}/controller`);
        await phone.getByRole('textbox', { name: 'Code on the screen' }).fill(code);
        await phone.getByRole('button', { name: 'Connect' }).click();
        await phone.getByTestId('remote').waitFor();
        await screen.getByTestId('display-room').waitFor({ timeout: 10_000 });

        // Three minutes pass without a word from the phone (the clock is moved, not waited for); a server's sweep frees the screen.
        const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
        await client.connect();
        await client.query(
          `UPDATE displays SET visitor_seen_at = now() - interval '181 seconds' WHERE name = 'Model suite TV' AND visitor_hash IS NOT NULL`,
        );
        await client.end();
        await screen.getByTestId('attract').waitFor({ timeout: 25_000 });
        await expect
          .poll(() => phone.getByTestId('controller-ended').getAttribute('data-reason'), { timeout: 10_000 })
          .toBe('idle');
      });
    });
  });

  it('comes back within 5 s, still paired, when the server it was connected to dies', async () => {
    const standby = await startAnotherServer();
    const balancer = await startBalancer([second.port, standby.port]);
    try {
      await withBrowsers(1, { viewport: TV }, async ([tv]) => {
        const screen = tv!.page;
        await claimedScreen(screen, balancer.origin(), 'Failover TV');
        const scanned = (await screen.getByTestId('pairing-invitation').getAttribute('data-url'))!;
        await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([mobile]) => {
          const phone = mobile!.page;
          await phone.goto(scanned);
          await phone.getByTestId('remote').waitFor();
          await screen.getByTestId('display-room').waitFor({ timeout: 10_000 });
          await expect.poll(() => screen.getByTestId('display-screen').getAttribute('data-live')).toBe('true');

          // The server holding both sockets crashes; the balancer sends them to the standby.
          const killedAt = Date.now();
          await second.stop('SIGKILL');
          await expect
            .poll(() => screen.getByTestId('display-screen').getAttribute('data-live'), { interval: 50 })
            .toBe('false');
          await expect
            .poll(() => screen.getByTestId('display-screen').getAttribute('data-live'), {
              timeout: 5_000,
              interval: 50,
            })
            .toBe('true');
          expect(Date.now() - killedAt).toBeLessThan(5_000);
          expect(await screen.getByTestId('display-screen').getAttribute('data-mode')).toBe('paired');
          await expect
            .poll(() => phone.getByTestId('remote').getAttribute('data-open'), { timeout: 5_000 })
            .toBe('true');
          await choose(phone, 'Living Room', 'Engineered Oak – Smoked');
          await expect
            .poll(() => screen.getByTestId('display-room-name').textContent(), { timeout: 10_000 })
            .toBe('Living Room');
          for (const session of [tv!, mobile!]) forgetCutDownloads(session.consoleErrors);
        });
      });
    } finally {
      await balancer.close();
      await standby.stop();
      second = await startAnotherServer();
    }
  });
});
