import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../server/test/support/pdf-text.ts';
import { openBrowser, origin, PHONE } from './support/browser.ts';
import { inviteToFreeUnit } from './support/fixtures.ts';
import { waitForMail } from './support/mail-files.ts';

/** English words of the buyer's screens that a French reader must never meet on them. */
const ENGLISH = [
  /Sign and submit/,
  /Upgrades total/,
  /Required choices/,
  /My selection/,
  /Choose my finishes/,
  /Submit your selection/,
];

/**
 * The portal in French (docs/languages.md): a buyer whose phone speaks Canadian French arrives
 * from an invitation, chooses, signs and downloads the PDF, every screen in French, and the PDF
 * and the mails follow — while the design centre works in English.
 */
describe('a French-speaking buyer', () => {
  it('phone: arrives, chooses, signs and reads the PDF and the mails in French; the manager approves in English', async () => {
    const email = `francais-${Date.now()}@example.test`;
    const { unit, manager, link } = await inviteToFreeUnit(email);

    const browser = await openBrowser({ viewport: PHONE, isMobile: true, locale: 'fr-CA' });
    try {
      const { page } = browser;
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choisissez un mot de passe' }).waitFor();
      await page.getByTestId('choose-password').locator('input[type=password]').fill('Acheteur-francais-2026');
      await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
      await page.getByRole('button', { name: 'Accepter' }).click();
      await page.getByRole('heading', { name: `Unité ${unit.name}` }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
      await page.getByText(/jours pour choisir/).waitFor();
      // Read in French without choosing it: the account keeps it, so the mails follow.
      await expect
        .poll(
          async () =>
            ((await page.evaluate(() => fetch('/api/me').then((r) => r.json()))) as { language?: string }).language,
        )
        .toBe('fr-CA');

      // The configurator speaks French; the required choices are made at once through the API.
      await page.goto(`${origin()}/configure`);
      await page.getByText('Total des surclassements').waitFor();
      await page.evaluate(async () => {
        const get = (url: string) => fetch(url).then((r) => r.json());
        const [cart] = (await get('/api/schema/carts/')) as Array<{
          _id: string;
          _version: number;
          unit: string;
          selections: unknown[];
        }>;
        const own = (await get(`/api/schema/units/${cart!.unit}`)) as { plan: string };
        const categories = (await get('/api/schema/categories/?limit=200')) as Array<{
          _id: string;
          required: boolean;
        }>;
        const options = (await get('/api/schema/options/?limit=200')) as Array<{
          _id: string;
          category: string;
          requires: string[];
          plans: string[];
          price: number;
        }>;
        const selections = categories
          .filter((c) => c.required)
          .map((c) =>
            options.find(
              (o) =>
                o.category === c._id &&
                !o.requires.length &&
                (!o.plans.length || o.plans.includes(own.plan)) &&
                o.price === 0,
            )!,
          )
          .map((o) => ({ option: o._id, quantity: 1 }));
        await fetch(`/api/schema/carts/${cart!._id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ selections, _version: cart!._version }),
        });
      });

      await page.goto(`${origin()}/config`);
      await page.getByRole('heading', { name: 'Soumettre votre sélection' }).waitFor();
      for (const english of ENGLISH) expect(await page.getByText(english).count(), String(english)).toBe(0);
      await page.getByLabel(/J’ai revu cette sélection et j’accepte le total des surclassements de 0,00\s\$/).check();
      await page.getByLabel('Tapez votre nom complet pour signer').fill('Camille Tremblay');
      await page.getByRole('button', { name: 'Signer et soumettre' }).click();
      await expect.poll(() => page.getByTestId('review-status').textContent()).toBe('Soumise');
      expect(await page.getByTestId('signed-by').textContent()).toMatch(
        /^Signé par Camille Tremblay le (1er|\d+) \S+ 20\d\d/,
      );

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Télécharger le PDF' }).click(),
      ]);
      const text = await pdfText(fs.readFileSync((await download.path())!));
      expect(text).toContain('Sélection de design');
      expect(text).toContain('Total des surclassements');
      expect(text).toMatch(/Signé par Camille Tremblay le/);
      expect(text).not.toContain('Upgrades total');

      const signed = await waitForMail(email, /votre sélection signée/);
      expect(signed.text).toContain('Camille Tremblay a signé et soumis la sélection de design');

      // The design centre works in English and approves; the buyer is told in French.
      const cartId = await page.evaluate(() =>
        fetch('/api/schema/carts/').then(async (r) => ((await r.json()) as Array<{ _id: string }>)[0]!._id),
      );
      expect((await manager('POST', `/api/carts/${cartId}/approve`, {})).status).toBe(200);
      const approval = await waitForMail(email, /votre sélection est approuvée/);
      expect(approval.text).toContain('Vous n’avez plus rien à faire');
      expect(browser.consoleErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
