import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, origin, signIn, withBrowsers } from './support/browser.ts';
import { createManager } from './support/fixtures.ts';
import { waitForMail } from './support/mail-files.ts';

/**
 * A visitor's inquiry reaches the sales team (docs/public-pages.md, "Inquiries"): typed on a
 * phone at /inquire with an agent's code and a campaign, mailed to the managers, and followed up
 * on a desktop at /manage/leads from the mail's link.
 */
describe('an inquiry from a phone reaches the sales team', () => {
  it('is sent with its consent, mailed to a manager, opened from the mail and followed up', async () => {
    const manager = await createManager();
    const visitorEmail = `robin.${Date.now()}@example.test`;
    await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([visitor]) => {
      const page = visitor!.page;
      await page.goto(`${origin()}/inquire/AGENT-42?utm_source=newsletter&utm_campaign=autumn`);
      await page.getByRole('textbox', { name: 'First name' }).fill('Robin');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Tremblay');
      await page.getByRole('textbox', { name: 'E-mail' }).fill(visitorEmail);
      await page.getByRole('textbox', { name: 'Phone' }).fill('+1 514 555 0199');
      await page.getByLabel('Interested in', { exact: true }).first().click();
      await page.getByRole('option').first().click();
      await page.getByRole('radio', { name: 'No' }).check();
      await page.getByRole('radio', { name: 'By phone' }).check();
      await page.getByRole('textbox', { name: 'Message' }).fill('Two bedrooms, close to the park, moving next summer.');
      // The news box starts unchecked: the visitor ticks it.
      const news = page.getByTestId('news-consent');
      expect(await news.isChecked()).toBe(false);
      await news.check();
      await page.getByRole('button', { name: 'Send my inquiry' }).click();
      await expect
        .poll(() => page.getByTestId('inquiry-sent').textContent(), { timeout: 15_000 })
        .toContain('Thank you, Robin');
      expect(visitor!.consoleErrors).toEqual([]);
    });

    const mail = await waitForMail(manager.email, /^New lead: Robin Tremblay$/);
    expect(mail.text).toContain('Code: AGENT-42');
    expect(mail.text).toContain('phone (+1 514 555 0199)');
    const link = mail.text.match(/https?:\/\/\S+\/manage\/leads\/[0-9a-f-]{36}/)![0];

    await withBrowsers(1, { viewport: DESKTOP }, async ([desk]) => {
      const page = desk!.page;
      await signIn(page, { ...manager, next: new URL(link).pathname });
      const detail = page.getByTestId('lead-detail');
      await detail.waitFor();
      await expect.poll(() => detail.textContent()).toContain('Two bedrooms, close to the park');
      expect(await page.getByTestId('lead-news').textContent()).toMatch(
        /Agreed to receive news .* with the words: “Yes, send me news and offers about Maple Residences/,
      );
      expect(await detail.textContent()).toContain('source: newsletter');
      await detail.getByLabel('Status', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Contacted' }).click();
      await detail
        .getByRole('textbox', { name: /Notes of the sales team/ })
        .fill('Called on Tuesday; visiting Saturday.');
      await detail.getByRole('button', { name: 'Save' }).click();
      await detail.getByText('Saved.').waitFor();
      await page.keyboard.press('Escape');
      const row = page.getByTestId('leads-table').getByRole('row').filter({ hasText: visitorEmail });
      await expect.poll(() => row.textContent()).toContain('Contacted');
      expect(desk!.consoleErrors).toEqual([]);
    });
  });
});
