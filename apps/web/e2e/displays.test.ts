import { describe, expect, it } from 'vitest';
import { DESKTOP, origin, PHONE, signIn, withBrowsers } from './support/browser.ts';
import { createManager } from './support/fixtures.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';

const TV = { width: 1920, height: 1080 };

/** A sales-centre screen (docs/displays.md): registered from `/v`, claimed in the back office, revoked. */
describe('a sales-centre screen', () => {
  it('registers, is claimed with the code it shows, keeps its project across a reload, and shows a new code once revoked', async () => {
    await withBrowsers(1, { viewport: TV }, async ([tv]) => {
      const screen = tv!.page;
      await screen.goto(`${origin()}/v`);
      const code = screen.getByTestId('claim-code');
      await code.waitFor();
      const shown = (await code.textContent())!;
      expect(shown).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      // The screen holds its live connection: what it shows next is pushed, not waited for.
      await expect.poll(() => screen.getByTestId('display-screen').getAttribute('data-live')).toBe('true');

      await withBrowsers(1, { viewport: DESKTOP }, async ([desk]) => {
        const page = desk!.page;
        await signIn(page, { email: 'admin@demo.test', password: E2E_DEMO_PASSWORD, next: '/admin/instances' });
        await page.waitForURL((url) => url.pathname === '/admin/instances');
        await page.getByRole('textbox', { name: /^Code on the screen/ }).fill(shown.toLowerCase());
        await page.getByRole('textbox', { name: /^Name/ }).first().fill('Lobby TV');
        const project = page.getByRole('combobox', { name: /^Project/ }).first();
        await project.click();
        await page.getByRole('option', { name: /Maple Residences/ }).click();
        await page.getByRole('button', { name: 'Claim the screen' }).click();
        await expect
          .poll(() => page.getByTestId('claim-notice').textContent())
          .toBe('Lobby TV now shows Maple Residences.');

        // The screen shows its project within a few seconds, and again after a reload (a power cut).
        await screen.getByTestId('attract').waitFor({ timeout: 15_000 });
        expect(await screen.getByTestId('attract').textContent()).toContain('Maple Residences');
        await screen.reload();
        await screen.getByTestId('attract').waitFor();

        // Its page tells what happened to it; revoked there, the screen goes back to a new code.
        await page.getByTestId('display').getByRole('link', { name: 'Lobby TV' }).first().click();
        await page.waitForURL((url) => /^\/admin\/instances\/[0-9a-f-]{36}$/.test(url.pathname));
        const events = page.getByTestId('display-events');
        await expect.poll(() => events.textContent()).toContain('Claimed as Lobby TV for demo');
        expect(await events.textContent()).toContain('Registered');
        const card = page.getByTestId('display');
        await card.getByRole('button', { name: 'Revoke' }).click();
        await card.getByRole('button', { name: /Click again/ }).click();
        await expect.poll(() => events.textContent()).toContain('Revoked');
        await screen.getByTestId('claim-code').waitFor({ timeout: 15_000 });
        expect(await screen.getByTestId('claim-code').textContent()).not.toBe(shown);
      });
    });
  });

  it('is claimed by a manager of the project from its settings, on a phone, and listed there', async () => {
    await withBrowsers(1, { viewport: TV }, async ([tv]) => {
      const screen = tv!.page;
      await screen.goto(`${origin()}/v`);
      const shown = (await screen.getByTestId('claim-code').textContent())!;
      await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([phone]) => {
        const page = phone!.page;
        const staff = await createManager();
        await signIn(page, { email: staff.email, password: staff.password, next: '/manage/settings' });
        const section = page.getByTestId('project-screens');
        await section.waitFor();
        await section.getByRole('textbox', { name: /^Code on the screen/ }).fill(shown.replace('-', ' '));
        await section.getByRole('textbox', { name: /^Name/ }).fill('Model suite');
        await section.getByRole('button', { name: 'Claim the screen' }).click();
        await expect
          .poll(() => section.getByTestId('claim-notice').textContent())
          .toBe('Model suite now shows Maple Residences.');
        await expect.poll(() => section.textContent()).toContain('Model suite');
        await screen.getByTestId('attract').waitFor({ timeout: 15_000 });
      });
    });
  });
});
