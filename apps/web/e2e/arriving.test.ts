import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBrowser, PHONE } from './support/browser.ts';
import { inviteToFreeUnit } from './support/fixtures.ts';

/**
 * Arriving (docs/access-codes.md, "Arriving"): a person invited by mail goes from the mail to
 * their role's home in one step, on a phone: the link the portal mailed proves the address, so
 * there is no second mail to confirm it, and nothing on the way looks like a failure.
 */
describe('arriving from an invitation mail', () => {
  it('phone: an invited buyer goes from the mail to their home, with no error box and no second confirmation', async () => {
    const email = `arriving-${Date.now()}@example.test`;
    const { unit, link } = await inviteToFreeUnit(email);
    const name = unit.name;

    const browser = await openBrowser({ viewport: PHONE, isMobile: true });
    try {
      const { page } = browser;
      await page.goto(link!);
      // A password to sign in with next time, chosen on arriving (too short first: said at the field).
      await page.getByTestId('choose-password').waitFor();
      await page.getByTestId('choose-password').locator('input[type=password]').fill('short');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByText(/Choose another password/).waitFor();
      await page.getByTestId('choose-password').locator('input[type=password]').fill('Arriving-buyer-2026');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      // The address is proven by the mail itself: the only step left is the terms.
      const gate = page.getByTestId('getting-started');
      await gate.waitFor();
      expect(await gate.getAttribute('data-step')).toBe('terms');
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.getByRole('button', { name: 'Agree' }).click();
      await page.getByRole('heading', { name: `Unit ${name}` }).waitFor();
      expect(await page.getByText(/could not be (loaded|shown)/).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
      // No mail asks this person to confirm the address they were invited at.
      const dir = process.env.E2E_MAIL_DIR!;
      const asked = fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; subject: string })
        .filter((mail) => mail.to.includes(email) && /Confirm your e-mail/.test(mail.subject));
      expect(asked).toEqual([]);
      expect(browser.consoleErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
