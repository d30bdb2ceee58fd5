import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it, onTestFinished } from 'vitest';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';
import { DESKTOP, origin, PHONE, signIn, withBrowsers } from './support/browser.ts';
import { createAdmin, createBuyerWithCompleteCart, createOutsider } from './support/fixtures.ts';
import { waitForMail } from './support/mail-files.ts';

/* The platform's back office (docs/admin.md), driven as administrators, managers and buyers would. */

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

// The wizard's steps as a form (what each refuses, what it sends, where a refusal goes back to)
// are its component test (new-project-wizard.test.tsx); its phone layout is the accessibility
// sweep's. Here, once, the journey it starts: the invited manager arrives at the new address.
describe('an administrator onboards a new builder', () => {
  for (const [label, viewport, isMobile] of [['desktop', DESKTOP, false]] as const) {
    it(`${label}: creates a project in the wizard; its invited manager signs in at its own address and sees its brand`, async () => {
      const key = `cedar-${label}`;
      const managerEmail = `cedar.${label}.${Date.now()}@example.test`;
      const band = label === 'desktop' ? '#4a1d6b' : '#0d4d3a';
      // The browser reads the file when it uploads it, after the wizard's last step.
      const logo = path.join(os.tmpdir(), `logo-${Date.now()}.png`);
      onTestFinished(() => fs.rmSync(logo, { force: true }));
      await withBrowsers(1, { viewport, isMobile }, async ([admin]) => {
        const page = admin!.page;
        const staff = await createAdmin();
        await signIn(page, { email: staff.email, password: staff.password, next: '/admin/new' });
        await page.waitForURL((url) => url.pathname === '/admin/new');
        // Step 1: the key follows the name; a reserved key is refused in words before anything is sent.
        await page.getByLabel('Project name').fill(`Cedar Park ${label}`);
        expect(await page.getByLabel('Key').inputValue()).toBe(`cedar-park-${label}`);
        await page.getByLabel('Key').fill('www');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('“www” is kept for the portal itself').waitFor();
        await page.getByLabel('Key').fill('demo');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('There is already a project with the key “demo”').waitFor();
        await page.getByLabel('Key').fill(key);
        await page.getByRole('button', { name: 'Next' }).click();
        // Step 2: money and time.
        await page.getByLabel('Currency').fill('EUR');
        await page.getByLabel('Locale').fill('en-IE');
        const zone = page.getByRole('combobox', { name: 'Time zone' });
        await zone.click();
        await zone.fill('Europe/Dub');
        await page.getByRole('option', { name: 'Europe/Dublin' }).click();
        await page.getByText('Prices will read').getByText('€12,345.00').waitFor();
        await page.getByRole('button', { name: 'Next' }).click();
        // Step 3: the brand (on the desktop with a logo, stored once the project exists).
        await page.getByRole('textbox', { name: 'Logo band' }).fill(band);
        if (label === 'desktop') {
          fs.writeFileSync(
            logo,
            await sharp({ create: { width: 240, height: 64, channels: 3, background: '#ffffff' } })
              .png()
              .toBuffer(),
          );
          await page.locator('input[type="file"]').setInputFiles(logo);
          await page.getByText(/^Logo: logo-/).waitFor();
        }
        await page.getByRole('button', { name: 'Next' }).click();
        // Step 4: a copy of the demo catalogue.
        await page.getByLabel('A copy of the demo catalogue').check();
        await page.getByRole('button', { name: 'Next' }).click();
        // Step 5: the first manager.
        await page.getByLabel('E-mail of the first manager').fill(managerEmail);
        // The address as it is typed: the host with this server's port.
        expect(await page.getByTestId('wizard-summary').textContent()).toContain(new URL(origin(key)).host);
        await page.getByRole('button', { name: 'Create the project' }).click();
        await page.getByTestId('wizard-done').waitFor();
        expect(await page.getByTestId('new-project-link').getAttribute('href')).toBe(`${origin(key)}/`);
        expect(await page.getByTestId('new-project-link').textContent()).toBe(new URL(origin(key)).host);
        expect(await page.getByTestId('open-new-project').getAttribute('href')).toBe(`${origin(key)}/manage`);
        // It is listed with the demo's units and no members yet.
        await page.goto(`${origin()}/admin/projects`);
        const card = page.locator(`[data-testid="admin-project"][data-key="${key}"]`);
        await card.waitFor();
        expect(await card.textContent()).toMatch(/0 members .* \d+ units/);
      });

      const invitation = await waitForMail(managerEmail, /invit/i);
      // Invited in the words of the role, with the mailed proof of the address.
      expect(invitation.subject).toContain('run the design centre');
      const link = new RegExp(`http://${key}\\.localhost:\\d+/link/[a-z0-9]+\\?proof=[\\w-]+`).exec(
        invitation.text,
      )?.[0];
      expect(link).toBeTruthy();
      await withBrowsers(1, { viewport, isMobile }, async ([fresh]) => {
        const page = fresh!.page;
        await page.goto(link!);
        // A new account without a password: one is chosen on arriving. The mail proved the
        // address, so the terms are all that is left before the back office.
        await page.getByTestId('choose-password').waitFor();
        await page.getByTestId('choose-password').locator('input[type=password]').fill('Cedar-manager-2026');
        await page.getByRole('button', { name: 'Save and continue' }).click();
        await page.waitForURL((url) => url.pathname === '/manage');
        const modal = page.getByTestId('getting-started');
        await expect.poll(() => modal.getAttribute('data-step')).toBe('terms');
        await Promise.all([page.waitForEvent('framenavigated'), page.getByRole('button', { name: 'Agree' }).click()]);
        await page.waitForLoadState('load');
        // Still in the back office, the role's home.
        expect(new URL(page.url()).pathname).toBe('/manage');
        await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
        const brand = page.getByTestId('logo-band');
        if (label === 'desktop')
          expect(await brand.getByRole('img', { name: `Cedar Park ${label}` }).getAttribute('src')).toMatch(
            /^\/api\/files\/[0-9a-f-]{36}$/,
          );
        else expect(await brand.textContent()).toContain(`Cedar Park ${label}`);
        expect(await brand.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(band));
        expect(await page.title()).toContain(`Cedar Park ${label}`);
      });
    });
  }
});

describe('an administrator disables a person', () => {
  it('ends the session the person has open in another browser at once', async () => {
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `disabled-${Date.now()}@example.test`,
      password: 'Disabled-buyer-2026',
    });
    await withBrowsers(2, { viewport: DESKTOP }, async ([adminBrowser, buyerBrowser]) => {
      const b = buyerBrowser!.page;
      await signIn(b, { email: buyer.email, password: 'Disabled-buyer-2026' });
      await b.getByRole('heading', { name: 'My home' }).waitFor();

      const a = adminBrowser!.page;
      // The portal itself saw the visit: the buyer is on now, on My home.
      const staff = await createAdmin();
      await signIn(a, { email: staff.email, password: staff.password, next: '/admin/sessions' });
      await a.waitForURL((url) => url.pathname === '/admin/sessions');
      const visit = a
        .getByTestId('visits')
        .getByRole('row')
        .filter({ hasText: buyer.email.split('@')[0]! });
      await expect.poll(() => visit.first().textContent(), { timeout: 10_000 }).toContain('on now');
      expect(await visit.first().textContent()).toContain('Maple Residences');
      await a.goto(`${origin()}/admin/users?q=${encodeURIComponent(buyer.email)}`);
      const row = a.locator(`[data-testid="admin-user"][data-email="${buyer.email}"]`);
      await row.getByRole('button', { name: `Manage ${buyer.email}` }).click();
      const detail = a.getByTestId('user-detail');
      await detail.getByRole('switch', { name: 'Disabled' }).click({ force: true });
      await expect
        .poll(() => a.getByTestId('user-message').textContent())
        .toContain('every session of theirs has ended');
      await a.keyboard.press('Escape');
      await row.getByText('Disabled', { exact: true }).waitFor();

      // The buyer's next request is refused: the page sends them to sign in.
      await b.goto(`${origin()}/configure`);
      await b.waitForURL((url) => url.pathname === '/sign-in');
      expect(await b.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
    });
  });
});

describe('the back office says what is wrong where the person is', () => {
  it('an unknown option in the config editor, an invented currency in the settings, and making an administrator is asked first', async () => {
    const outsider = await createOutsider();
    await withBrowsers(1, { viewport: DESKTOP }, async ([browser]) => {
      const page = browser!.page;
      const staff = await createAdmin();
      await signIn(page, { email: staff.email, password: staff.password, next: '/admin/configs' });
      await page.waitForURL((url) => url.pathname.startsWith('/admin/configs'));
      await page.getByPlaceholder('Choose a project').click();
      await page.getByRole('option', { name: /\(harbour\)/ }).click();
      const editor = page.getByTestId('config-json');
      await expect.poll(async () => (await editor.inputValue()).length).toBeGreaterThan(20);
      const config = JSON.parse(await editor.inputValue()) as { options: Record<string, unknown> };
      const { tagline, ...rest } = config.options;
      await editor.fill(JSON.stringify({ ...config, options: { ...rest, tagLine: tagline ?? 'Renamed' } }, null, 2));
      // Beside the field, and at the Save button: the key is named, and nothing can be saved.
      await page
        .getByText(/options\.tagLine: is not a field here/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: /^Review \d+ changes?$/ }).click();
      const review = page.getByTestId('config-diff');
      await review.getByText(/Correct the settings first: .*tagLine/).waitFor();
      expect(await review.getByRole('button', { name: 'Save these changes' }).isDisabled()).toBe(true);

      // The managers' settings of a project: an invented currency is refused at the field and at Save.
      await page.goto(`${origin()}/manage/settings`);
      await page.getByLabel('Currency').fill('XYZ');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('An ISO 4217 currency code such as CAD, USD or EUR').waitFor();
      await page.getByTestId('settings-message').getByText('Not saved: correct Currency (marked above).').waitFor();

      // Making someone an administrator asks first, naming what they will be able to do; Cancel changes nothing.
      await page.goto(`${origin()}/admin/users?q=${encodeURIComponent(outsider.email)}`);
      const row = page.locator(`[data-testid="admin-user"][data-email="${outsider.email}"]`);
      await row.getByRole('button', { name: `Manage ${outsider.email}` }).click();
      const detail = page.getByTestId('user-detail');
      await detail.getByRole('switch', { name: 'Administrator' }).click({ force: true });
      const confirm = page.getByTestId('confirm-admin');
      await confirm.getByText('see and change every project').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await detail.getByRole('switch', { name: 'Administrator' }).isChecked()).toBe(false);
      await detail.getByRole('switch', { name: 'Administrator' }).click({ force: true });
      await confirm.getByRole('button', { name: 'Make an administrator' }).click();
      await expect.poll(() => page.getByTestId('user-message').textContent()).toContain('Now an administrator.');
      expect(await detail.getByRole('switch', { name: 'Administrator' }).isChecked()).toBe(true);
    });
  });
});

describe('the model builder', () => {
  it('adds a required field to a project’s options that its managers then see in their editor and must fill', async () => {
    await withBrowsers(1, { viewport: DESKTOP }, async ([admin]) => {
      const page = admin!.page;
      const staff = await createAdmin();
      await signIn(page, { email: staff.email, password: staff.password, next: '/admin/model-builder' });
      await page.waitForURL((url) => url.pathname === '/admin/model-builder');
      const project = page.getByRole('combobox', { name: 'Project' });
      await project.click();
      await page.getByRole('option', { name: 'Harbour Lofts (harbour)' }).click();
      await page.getByTestId('model-link').filter({ hasText: 'Options' }).click();
      await page.getByRole('button', { name: 'Add a field' }).click();
      const field = page.getByTestId('model-field').last();
      await field.getByRole('textbox', { name: 'Label' }).fill('Warranty years');
      expect(await field.getByRole('textbox', { name: 'Key' }).inputValue()).toBe('warrantyYears');
      await field.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Whole number' }).click();
      await field.getByLabel('Required').check();
      // The live preview is the form a manager will get: the field, required.
      const preview = page.getByTestId('model-preview');
      await preview.getByRole('textbox', { name: /^Warranty years/ }).waitFor();
      await page.getByRole('button', { name: 'Save the fields' }).click();
      await expect.poll(() => page.getByTestId('model-message').textContent()).toContain('Saved');
    });

    await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([manager]) => {
      const page = manager!.page;
      await signIn(page, {
        email: 'manager@harbour.test',
        password: E2E_DEMO_PASSWORD,
        projectKey: 'harbour',
        next: '/manage/models/options',
      });
      await page.waitForURL((url) => url.pathname === '/manage/models/options');
      await page.getByTestId('model-row').first().getByRole('link').first().click();
      await page.waitForURL((url) => /\/manage\/models\/options\/[0-9a-f-]{36}$/.test(url.pathname));
      const warranty = page.getByRole('textbox', { name: /^Warranty years/ });
      await warranty.waitFor();
      // Any change is saved only with the new required field filled.
      await page.getByRole('textbox', { name: 'Vendor' }).fill('Harbour Supply Co.');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect
        .poll(() => page.getByTestId('edit-message').textContent())
        .toBe('Not saved: correct Warranty years (marked in red).');
      await warranty.fill('5');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => page.getByTestId('edit-message').textContent()).toBe('Saved.');
      await page.reload();
      expect(await page.getByRole('textbox', { name: /^Warranty years/ }).inputValue()).toBe('5');
    });
  });
});

describe('minimaps', () => {
  it('an admin gives a plan its floor-plan picture and pins a room on it; the buyer’s floor plan in 3D shows both', async () => {
    const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await client.connect();
    const {
      rows: [mine],
    } = await client.query(
      `SELECT p.data->>'name' AS plan FROM users b
         JOIN items u ON u.collection = 'units' AND u.data->'buyers' ? b.id
         JOIN projects pr ON pr.id = u.project_id AND pr.key = 'demo'
         JOIN items p ON p.project_id = u.project_id AND p.collection = 'plans' AND p.id::text = u.data->>'plan'
        WHERE b.email = 'buyer@demo.test'`,
    );
    await client.end();
    const picture = path.join(os.tmpdir(), `plan-${Date.now()}.png`);
    fs.writeFileSync(
      picture,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e9ecef' } })
        .png()
        .toBuffer(),
    );

    await withBrowsers(1, { viewport: DESKTOP }, async ([admin]) => {
      const page = admin!.page;
      const staff = await createAdmin();
      await signIn(page, { email: staff.email, password: staff.password, next: '/admin/minimaps' });
      await page.waitForURL((url) => url.pathname === '/admin/minimaps');
      await page.getByRole('combobox', { name: 'Project' }).click();
      await page.getByRole('option', { name: 'Maple Residences (demo)' }).click();
      await page.getByRole('combobox', { name: 'Plan' }).click();
      await page.getByRole('option', { name: mine.plan }).click();
      await page.locator('input[type="file"]').setInputFiles(picture);
      const editor = page.getByTestId('minimap-editor');
      await editor.waitFor();
      // Drag the kitchen to a free place: a quarter across, two fifths down (the demo's rooms are elsewhere).
      const kitchen = editor.locator('[data-testid="hotspot"][data-room="Kitchen"]');
      const pin = (await kitchen.boundingBox())!;
      const box = (await editor.boundingBox())!;
      await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 4 });
      await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.4, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => page.getByTestId('minimap-message').textContent()).toBe('Kitchen placed.');
    });
    fs.rmSync(picture, { force: true });

    await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([buyer]) => {
      const page = buyer!.page;
      await signIn(page, { email: 'buyer@demo.test', password: E2E_DEMO_PASSWORD, next: '/explore' });
      await page.waitForURL((url) => url.pathname === '/explore');
      const plan = page.getByTestId('plan-picture');
      await plan.waitFor();
      expect(await plan.locator('img').getAttribute('src')).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      await expect.poll(() => plan.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(800);
      const kitchen = plan.getByRole('button', { name: 'Kitchen' });
      const style = await kitchen.evaluate((element) => ({
        left: (element as HTMLElement).style.left,
        top: (element as HTMLElement).style.top,
      }));
      expect(Math.abs(parseFloat(style.left) - 25)).toBeLessThan(3);
      expect(Math.abs(parseFloat(style.top) - 40)).toBeLessThan(3);
      await kitchen.click();
      await expect.poll(() => page.getByTestId('current-room').textContent()).toBe('Kitchen');
    });
  });
});
