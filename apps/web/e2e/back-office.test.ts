import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { DESKTOP, origin, PHONE, signIn, withBrowsers } from './support/browser.ts';
import { createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';
import { waitForMail } from './support/mail-files.ts';
import { CHANGE_CHANNEL } from '../../server/src/db/change-feed.ts';

const linkIn = (text: string, path: RegExp) => new RegExp(`http://demo\\.localhost:\\d+${path.source}`).exec(text)?.[0];

/** Takes a cart's first choice out (straight into the database); the name of its category. */
async function dropFirstChoice(cartId: string): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `WITH first AS (SELECT c.data->'selections'->0->>'option' AS option FROM items c WHERE c.id = $1)
       UPDATE items c SET data = jsonb_set(c.data, '{selections}', (c.data->'selections') - 0)
       FROM first JOIN items o ON o.id::text = first.option JOIN items k ON k.id::text = o.data->>'category'
       WHERE c.id = $1
       RETURNING k.data->>'name' AS category, c.project_id, c.collection, c.id, c.version`,
      [cartId],
    );
    await client.query('SELECT pg_notify($1, $2)', [
      CHANGE_CHANNEL,
      JSON.stringify({
        project: rows[0].project_id,
        collection: 'carts',
        id: cartId,
        version: rows[0].version,
        op: 'update',
      }),
    ]);
    return rows[0].category as string;
  } finally {
    await client.end();
  }
}

describe('the design centre decides on a selection', () => {
  // Once, at a desktop's width (the design centre's): every page and dialog it passes is also
  // walked at a phone's width by the accessibility sweep.
  for (const [label, viewport, isMobile] of [['desktop', DESKTOP, false]] as const) {
    it(`${label}: a buyer submits, the manager returns it with a comment from the mail's link, the buyer changes and resubmits, the manager approves; a change order names the choices it will ask for`, async () => {
      const email = `decided-${label}-${Date.now()}@example.test`;
      const buyer = await createBuyerWithCompleteCart({ projectKey: 'demo', email, password: 'Decided-pass-2026' });
      const staff = await createManager();
      await withBrowsers(2, { viewport, isMobile }, async ([buyerBrowser, managerBrowser]) => {
        const b = buyerBrowser!.page;
        const m = managerBrowser!.page;
        await signIn(b, { email, password: buyer.password, next: '/config' });
        await b.waitForURL((url) => url.pathname === '/config');
        await b.getByLabel(/I have reviewed this selection/).check();
        await b.getByLabel('Type your full name to sign').fill('Dee Cided');
        await b.getByRole('button', { name: 'Sign and submit' }).click();
        await expect.poll(() => b.getByTestId('review-status').textContent()).toBe('Submitted');
        expect(await b.getByTestId('decision-notice').textContent()).toContain('The design centre reviews it');

        // The managers' mail links to the selection in the back office.
        const notice = await waitForMail(staff.email, /selection submitted for approval/, 15_000, buyer.cartId);
        const review = linkIn(notice.text, new RegExp(`/manage/carts/${buyer.cartId}`))!;
        expect(review).toBeTruthy();
        await m.goto(review);
        await m.waitForURL((url) => url.pathname === '/sign-in');
        await m.getByLabel('E-mail address').fill(staff.email);
        await m.getByLabel(/^Password/).fill(staff.password);
        await m.locator('form button[type=submit]').click();
        await m.waitForURL((url) => url.pathname === `/manage/carts/${buyer.cartId}`);
        await expect.poll(() => m.getByTestId('detail-status').textContent()).toBe('Awaiting approval');
        expect(await m.getByTestId('detail-signature').textContent()).toContain('Dee Cided');
        await m
          .getByLabel('Return to the buyer with a comment')
          .fill('Please pick a warmer wall colour for the living room.');
        await m.getByRole('button', { name: 'Return with comment' }).click();
        await m.getByTestId('decision-done').waitFor();
        await expect.poll(() => m.getByTestId('detail-status').textContent()).toBe('In progress');
        await expect.poll(() => m.getByTestId('cart-history').textContent()).toContain('Returned to the buyer');

        // The buyer is mailed, and sees the comment and what to do on their selection.
        const returned = await waitForMail(email, /needs a change/);
        expect(returned.text).toContain('Please pick a warmer wall colour for the living room.');
        await b.goto(linkIn(returned.text, new RegExp(`/config/${buyer.cartId}`))!);
        const told = b.getByTestId('decision-notice');
        await expect.poll(() => told.textContent()).toContain('Please pick a warmer wall colour for the living room.');
        expect(await told.textContent()).toContain(`${staff.name} returned your selection`);

        // A change, then signed and submitted again.
        await b.goto(`${origin()}/configure`);
        await b.getByRole('tab', { name: 'Living Room' }).click();
        const before = await b.getByTestId('live-total').textContent();
        await b.locator('[data-option="Agreeable Gray"]').first().click();
        await expect.poll(() => b.getByTestId('live-total').textContent()).not.toBe(before);
        await expect.poll(() => b.getByLabel('Saving').count()).toBe(0);
        await b.goto(`${origin()}/config`);
        await b.getByLabel(/I have reviewed this selection/).check();
        await b.getByLabel('Type your full name to sign').fill('Dee Cided');
        await b.getByRole('button', { name: 'Sign and submit' }).click();
        await expect.poll(() => b.getByTestId('review-status').textContent()).toBe('Submitted');

        // The manager sees the buyer's change in the history, and approves.
        await m.reload();
        await expect.poll(() => m.getByTestId('cart-history').textContent()).toContain('Chose Agreeable Gray');
        await m.getByRole('button', { name: 'Approve' }).click();
        await m.getByRole('button', { name: 'Confirm approval' }).click();
        await expect.poll(() => m.getByTestId('detail-status').textContent()).toBe('Approved');

        await waitForMail(email, /is approved/);
        await b.reload();
        await expect.poll(() => b.getByTestId('review-status').textContent()).toBe('Approved');
        const approved = await b.getByTestId('decision-notice').textContent();
        expect(approved).toMatch(new RegExp(`${staff.name} approved your selection on \\w+ \\d+, \\d{4}`));

        // Approved without one required choice (as one approved before a category became required): the change
        // order's confirmation names what the buyers will have to choose, and the buyer's page says why.
        const dropped = await dropFirstChoice(buyer.cartId);
        await m.reload();
        await m.getByRole('button', { name: 'Reopen as change order' }).click();
        await expect.poll(() => m.getByTestId('reopen-missing').textContent()).toContain(dropped);
        const count = /the buyers will have to make (\d+) more required choices?:/.exec(
          (await m.getByTestId('reopen-missing').textContent())!,
        )![1];
        await m.getByRole('button', { name: 'Reopen and tell the buyers' }).click();
        await expect.poll(() => m.getByTestId('detail-status').textContent()).toBe('In progress');
        await b.reload();
        // The same number on both sides.
        await expect
          .poll(() => b.getByTestId('change-order-missing').textContent())
          .toMatch(new RegExp(`^This change order needs ${count} more required choices? `));
        expect(await b.getByTestId('submit-section').textContent()).toContain(
          `Before you can submit, choose: ${dropped}`,
        );
      });
    });
  }
});

describe('inviting a buyer from the back office', () => {
  it('creates an invitation that a new person opens from the mail in a fresh browser and lands on their unit', async () => {
    // A unit nobody has yet.
    const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await client.connect();
    const {
      rows: [unit],
    } = await client.query(
      `SELECT u.data->>'name' AS name FROM items u JOIN projects p ON p.id = u.project_id
       WHERE p.key = 'demo' AND u.collection = 'units' AND jsonb_array_length(coalesce(u.data->'buyers', '[]'::jsonb)) = 0
         AND NOT EXISTS (SELECT 1 FROM items c WHERE c.collection = 'carts' AND c.data->>'unit' = u.id::text)
       ORDER BY u.data->>'name' LIMIT 1`,
    );
    await client.end();
    const email = `invitee-${Date.now()}@example.test`;
    await withBrowsers(1, { viewport: DESKTOP }, async ([managerBrowser]) => {
      const m = managerBrowser!.page;
      const staff = await createManager();
      await signIn(m, { email: staff.email, password: staff.password, next: '/manage/access-links' });
      await m.waitForURL((url) => url.pathname === '/manage/access-links');
      // The page settles (its units and links loaded) before the form is filled.
      await m.waitForLoadState('networkidle');
      const emailBox = m.getByRole('textbox', { name: 'E-mail address', exact: true });
      await emailBox.fill(email);
      const unitPicker = m.getByRole('combobox', { name: 'Unit', exact: true });
      await unitPicker.click();
      await unitPicker.fill(unit.name);
      await m.getByRole('option', { name: new RegExp(`^${unit.name} ·`) }).click();
      expect(await unitPicker.inputValue(), 'the unit chosen').toMatch(new RegExp(`^${unit.name} ·`));
      expect(await emailBox.inputValue(), 'the address typed, still in its box').toBe(email);
      expect(await m.getByLabel('Send it by e-mail now').isChecked(), 'sending by mail, on by default').toBe(true);
      await m.getByRole('button', { name: 'Create link' }).click();
      await m.getByTestId('created-links').waitFor();
      await expect.poll(() => m.getByTestId('access-links').textContent()).toContain(email);
    });

    const invitation = await waitForMail(email, /invit/i);
    const link = linkIn(invitation.text, /\/link\/[a-z0-9]+/)!;
    expect(link).toBeTruthy();
    await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([fresh]) => {
      const page = fresh!.page;
      await page.goto(link);
      // A link without the mail's proof (copied from the back office): the address is confirmed by mail.
      await page.getByTestId('choose-password').waitFor();
      await page.getByRole('button', { name: /^Not now/ }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const modal = page.getByTestId('getting-started');
      await expect.poll(() => modal.getAttribute('data-step')).toBe('verify');
      const verify = await waitForMail(email, /Confirm your e-mail/);
      await page.goto(/http:\/\/demo\.localhost:\d+\/my-account\?mode=verifyEmail&token=\S+/.exec(verify.text)![0]);
      await page.getByTestId('email-verified').waitFor();
      await expect.poll(() => modal.getAttribute('data-step')).toBe('terms');
      await Promise.all([page.waitForEvent('framenavigated'), page.getByRole('button', { name: 'Agree' }).click()]);
      await page.waitForLoadState('load');
      await expect.poll(() => page.getByTestId('getting-started').count()).toBe(0);
      await page.getByRole('link', { name: 'Continue' }).click();
      // Their unit and a selection to make, due by the project's default.
      await page.getByRole('heading', { name: `Unit ${unit.name}` }).waitFor();
      expect(await page.getByTestId('cart-status').textContent()).toBe('In progress');
    });
  });
});

describe('the dashboard opens the lists it counts', () => {
  it('on a phone: Invited, Joined and Signed in each open a list of exactly that many rows', async () => {
    await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([browser]) => {
      const page = browser!.page;
      const staff = await createManager();
      await signIn(page, { email: staff.email, password: staff.password, next: '/manage' });
      // Other journeys run beside this one and may invite or sign in meanwhile: a figure and its list
      // are compared as read one after the other, again until they agree (or the last try says how far apart).
      const readOnce = async (figure: string, show: string, rows: string) => {
        await page.goto(`${origin()}/manage`);
        const card = page.getByTestId(`figure-${figure}`);
        await card.waitFor();
        const counted = Number((await card.locator('p').nth(1).textContent())!.replace(/\D/g, ''));
        await card.click();
        await page.waitForURL(
          (url) => url.pathname === '/manage/access-links' && url.searchParams.get('show') === show,
        );
        const list = page.getByTestId(rows);
        const more = page.getByRole('button', { name: /^More (links|buyers)$/ });
        if (counted > 0)
          await list
            .locator(':scope > *')
            .first()
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined);
        while (await more.isVisible()) {
          const before = await list.locator(':scope > *').count();
          await more.click();
          await expect.poll(() => list.locator(':scope > *').count()).toBeGreaterThan(before);
        }
        return { counted, listed: await list.locator(':scope > *').count() };
      };
      for (const [figure, show, rows] of [
        ['Invited', 'waiting', 'access-links'],
        ['Joined', 'joined', 'buyers'],
        ['Signed in', 'signed-in', 'buyers'],
      ] as const) {
        let read = await readOnce(figure, show, rows);
        for (let attempt = 0; attempt < 4 && read.counted !== read.listed; attempt++)
          read = await readOnce(figure, show, rows);
        expect(read.listed, figure).toBe(read.counted);
      }
    });
  });
});

describe('the unit grid and purchasing', () => {
  it('changes the status of a whole floor at once', async () => {
    await withBrowsers(1, { viewport: DESKTOP }, async ([browser]) => {
      const page = browser!.page;
      const staff = await createManager();
      await signIn(page, { email: staff.email, password: staff.password, next: '/manage/unit-avail' });
      await page.waitForURL((url) => url.pathname === '/manage/unit-avail');
      await page.getByTestId('unit-cell').first().waitFor();
      // Exactly floor 2: other tests may have added a floor 20.
      await page.getByLabel('Select every unit of floor 2', { exact: true }).check();
      const floor = page.locator('[data-testid="unit-cell"][data-unit^="2"]');
      const count = await floor.count();
      expect(count).toBeGreaterThan(1);
      await page.getByRole('combobox', { name: 'Set status to' }).click();
      await page.getByRole('option', { name: 'Reserved' }).click();
      await page.getByRole('button', { name: `Apply to ${count} units` }).click();
      // Floor 2 has units whose buyers are choosing: the change is asked first, naming them.
      const confirm = page.getByTestId('bulk-confirm');
      await confirm.waitFor();
      expect(await confirm.textContent()).toMatch(/have a selection open or signed|has a selection open or signed/);
      await confirm.getByRole('button', { name: `Change ${count} units` }).click();
      await expect.poll(() => page.getByTestId('bulk-done').textContent()).toContain(`${count} units changed`);
      await expect
        .poll(async () =>
          (await floor.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')))).every(
            (s) => s === 'reserved',
          ),
        )
        .toBe(true);
      await page.reload();
      await page.getByTestId('unit-cell').first().waitFor();
      expect(await floor.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')))).toEqual(
        Array(count).fill('reserved'),
      );
    });
  });

  it('downloads the purchasing CSV, whose amounts add up to the approved purchases', async () => {
    await withBrowsers(1, { viewport: DESKTOP }, async ([browser]) => {
      const page = browser!.page;
      const staff = await createManager();
      await signIn(page, { email: staff.email, password: staff.password, next: '/manage/carts' });
      await page.waitForURL((url) => url.pathname === '/manage/carts');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Purchasing CSV' }).click(),
      ]);
      const csv = (await (await download.createReadStream()).toArray())
        .map(String)
        .join('')
        .replace(/^\ufeff/, '');
      const [header, ...rows] = csv.trim().split('\r\n');
      const columns = header!.split(',');
      const amountAt = columns.indexOf('Amount');
      const cells = (line: string) =>
        line
          .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
          .map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
      const sum = rows.reduce((total, row) => total + Math.round(Number(cells(row)[amountAt]) * 100), 0);

      const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
      await client.connect();
      const {
        rows: [expected],
      } = await client.query(
        // Every selection's latest purchase: the approved ones, and those in a change order (their purchase stays in force).
        `SELECT coalesce(sum(t.total), 0)::bigint AS total FROM (
           SELECT DISTINCT ON (c.id) (pu.data->>'total')::bigint AS total
           FROM items c JOIN projects p ON p.id = c.project_id AND p.key = 'demo'
           JOIN items pu ON pu.collection = 'purchases' AND pu.data->>'cart' = c.id::text
           WHERE c.collection = 'carts'
           ORDER BY c.id, (pu.data->>'revision')::int DESC, pu.id DESC) t`,
      );
      await client.end();
      expect(sum).toBe(Number(expected.total));
      expect(sum).toBeGreaterThan(0);

      // The printable summary shows the same total.
      await page.getByRole('button', { name: 'Purchase summary' }).click();
      const total = await page.getByTestId('purchasing-total').textContent();
      expect(total?.replace(/[^0-9]/g, '')).toBe(String(sum));
    });
  });
});
