import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openBrowser, signIn } from './support/browser.ts';
import { asDemoManager, createManager } from './support/fixtures.ts';
import { waitForMail } from './support/mail-files.ts';

type Unit = { _id: string; name: string; floor: number; plan: string; basePrice: number; deadline: string | null };
type Plan = { _id: string; name: string };
type Link = { email: string; unit: string };

/** A builder's spreadsheet of 30 units with a buyer each; `typo` misspells the plan of row 15. */
function unitsFile(prefix: string, typo: boolean): Buffer {
  const rows = ['Unit,Level,Floor plan,Due,Price,Buyer e-mails'];
  for (let i = 1; i <= 30; i += 1) {
    const plan = i % 2 ? 'The Maple – 2 Bed' : 'The Birch – 1 Bed + Den';
    rows.push(
      `${prefix}-${String(i).padStart(2, '0')},${20 + Math.floor((i - 1) / 10)},${typo && i === 14 ? 'The Brich' : plan},2027-05-31,"${(600_000 + i * 1_000).toLocaleString('en')}.00",${prefix.toLowerCase()}.buyer${i}@example.test`,
    );
  }
  return Buffer.from(rows.join('\r\n'));
}

describe('CSV import of units with buyers (/manage/imported)', () => {
  // A file corrected in the spreadsheet and chosen again, and an import that mails nobody, are
  // the form's component test (csv-import.test.tsx); the page at a phone's width is the
  // accessibility sweep's. Here the journey on the real server, fixed in place.
  for (const [label, viewport, isMobile] of [['desktop', DESKTOP, false]] as const) {
    it(`${label}: a manager imports 30 units with buyers, a bad row found by the dry run and fixed in place before anything is written`, async () => {
      const prefix = `D${Date.now().toString(36).toUpperCase()}`;
      const manager = await asDemoManager();
      const staff = await createManager();
      const browser = await openBrowser({ viewport, isMobile });
      try {
        const { page } = browser;
        await signIn(page, { email: staff.email, password: staff.password, next: '/manage/imported' });
        await page.waitForURL((url) => url.pathname === '/manage/imported');
        await page
          .locator('input[type=file]')
          .setInputFiles({ name: `${prefix}-units.csv`, mimeType: 'text/csv', buffer: unitsFile(prefix, true) });
        await expect.poll(() => page.getByTestId('chosen-file').textContent()).toContain('30 rows · 6 columns');
        // The columns are matched by their headings.
        for (const [field, heading] of [
          ['Name (finds the item)', 'Unit'],
          ['Floor (needed for new items)', 'Level'],
          ['Plan (needed for new items)', 'Floor plan'],
          ['Buyers', 'Buyer e-mails'],
          ['Deadline', 'Due'],
          ['Base price', 'Price'],
        ]) {
          expect(await page.getByRole('combobox', { name: field, exact: true }).inputValue(), field).toBe(heading);
        }

        await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
        await expect.poll(() => page.getByTestId('import-outcome').textContent()).toContain('1 problem to fix');
        const problem = page.locator('[data-row="15"]');
        expect(await problem.textContent()).toContain('There is no plan called “The Brich” in this project.');
        expect(await page.getByRole('button', { name: /^Import \d+ rows/ }).count()).toBe(0);
        const before = (await manager('GET', '/api/schema/units/?limit=200')).json as Unit[];
        expect(before.some((u) => u.name.startsWith(prefix))).toBe(false);

        // Corrected in place: the cell the problem is about is open for editing.
        const cell = page.getByRole('textbox', { name: 'Row 15, Floor plan' });
        expect(await cell.inputValue()).toBe('The Brich');
        await cell.fill('The Birch – 1 Bed + Den');
        await page.getByRole('button', { name: /^Check/ }).click();
        await expect
          .poll(() => page.getByTestId('import-outcome').textContent())
          .toContain('30 rows of units and buyers: 30 new, 0 changed, 0 unchanged, 30 invitations');
        await page.getByRole('button', { name: 'Import 30 rows' }).click();
        await expect.poll(() => page.getByTestId('import-outcome').textContent()).toContain('Imported');

        // Written as the file says, with the corrected row.
        const units = ((await manager('GET', '/api/schema/units/?limit=200')).json as Unit[]).filter((u) =>
          u.name.startsWith(prefix),
        );
        expect(units).toHaveLength(30);
        const plans = (await manager('GET', '/api/schema/plans/')).json as Plan[];
        const fourteen = units.find((u) => u.name === `${prefix}-14`)!;
        expect(fourteen).toMatchObject({
          floor: 21,
          plan: plans.find((p) => p.name === 'The Birch – 1 Bed + Den')!._id,
          basePrice: 61_400_000,
          deadline: '2027-06-01T06:59:00.000Z',
        });
        const links = (
          (await manager('GET', `/api/access-codes?q=${prefix.toLowerCase()}.buyer14@`)).json as { items: Link[] }
        ).items;
        expect(links).toEqual([
          expect.objectContaining({ email: `${prefix.toLowerCase()}.buyer14@example.test`, unit: fourteen._id }),
        ]);
        const mail = await waitForMail(`${prefix.toLowerCase()}.buyer14@example.test`, /invited/);
        expect(mail.text).toContain(`unit ${prefix}-14`);

        // The history names the file, the counts and who imported it.
        const fileLink = page.getByRole('button', { name: `${prefix}-units.csv`, exact: true });
        await fileLink.waitFor();
        const entry = page.getByTestId('import-entry').filter({ hasText: `${prefix}-units.csv` });
        expect(await entry.textContent()).toContain('30 new · 0 changed · 0 unchanged · 30 invited');
        expect(await entry.textContent()).toContain(staff.name);
        // The file kept is the one imported: on the desktop, with the cell corrected on the page.
        const download = page.waitForEvent('download');
        await fileLink.click();
        const kept = fs.readFileSync((await (await download).path())!, 'utf8');
        expect(kept.split(/\r?\n/)[14]).toContain(`${prefix}-14,21,The Birch – 1 Bed + Den,2027-05-31`);
        expect(browser.consoleErrors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }

  it('desktop, in French: a manager who reads French imports a French spreadsheet — French headings and problems, the project’s numbers, a French column beside the English one', async () => {
    const prefix = `F${Date.now().toString(36).toUpperCase()}`;
    const manager = await asDemoManager();
    const staff = await createManager();
    // A spreadsheet saved by French Excel: semicolons, French headings and amounts, a French name beside the English one.
    const rows = [
      'Nom;Nom (fr);Ordre',
      `${prefix} Den;Bureau ${prefix};12`,
      `${prefix} Mudroom;Vestiaire ${prefix};douze`,
    ];
    const browser = await openBrowser({ viewport: DESKTOP, locale: 'fr-CA' });
    try {
      const { page } = browser;
      await signIn(page, { email: staff.email, password: staff.password, next: '/manage/imported' });
      await page.waitForURL((url) => url.pathname === '/manage/imported');
      await page
        .getByRole('combobox', { name: 'Importer', exact: true })
        .or(page.getByRole('textbox', { name: 'Importer', exact: true }))
        .first()
        .click();
      await page.getByRole('option', { name: 'Pièces' }).click();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: `${prefix}-pieces.csv`, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) });
      // Matched by their French headings, the French column to the rooms' French names.
      expect(await page.getByRole('combobox', { name: 'Nom (trouve l’élément)', exact: true }).inputValue()).toBe(
        'Nom',
      );
      expect(await page.getByRole('combobox', { name: 'Nom (fr-CA)', exact: true }).inputValue()).toBe('Nom (fr)');
      expect(await page.getByRole('combobox', { name: 'Ordre', exact: true }).inputValue()).toBe('Ordre');
      await page.getByRole('button', { name: /^Vérifier le fichier/ }).click();
      // The problem in French, at its row.
      await expect
        .poll(() => page.locator('[data-row="3"]').textContent())
        .toContain('douze\u00a0» n’est pas clair dans ce format de nombres');
      // The file is read in the project's format (en-CA), whoever uploads it: the reader's own French decimal comma is refused, with how to write it.
      await page.getByRole('textbox', { name: /Ligne 3, Ordre/ }).fill('12,5');
      await page.getByRole('button', { name: /^Vérifier/ }).click();
      await expect.poll(() => page.locator('[data-row="3"]').textContent()).toContain('écrivez-le comme 3,450.50');
      await page.getByRole('textbox', { name: /Ligne 3, Ordre/ }).fill('12.5');
      await page.getByRole('button', { name: /^Vérifier/ }).click();
      await expect.poll(() => page.getByTestId('import-outcome').textContent()).toContain('2 nouveaux');
      await page.getByRole('button', { name: /^Importer 2 lignes/ }).click();
      await expect.poll(() => page.getByTestId('import-outcome').textContent()).toContain('Importé');
      const rooms = (
        (await manager('GET', '/api/schema/rooms/?limit=200')).json as Array<{
          name: string;
          order: number;
          translations: object;
        }>
      ).filter((r) => r.name.startsWith(prefix));
      // “12.5” read as the project writes it: twelve and a half.
      expect(rooms.find((r) => r.name === `${prefix} Mudroom`)).toMatchObject({
        order: 12.5,
        translations: { 'fr-CA': { name: `Vestiaire ${prefix}` } },
      });
      expect(rooms.find((r) => r.name === `${prefix} Den`)).toMatchObject({
        order: 12,
        translations: { 'fr-CA': { name: `Bureau ${prefix}` } },
      });
      expect(browser.consoleErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
