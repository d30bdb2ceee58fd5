import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoProject } from '../../server/src/db/seed/demo-catalogue.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';
import { openBrowser, origin, signInThroughPage, useBrowser, type BrowserSession } from './support/browser.ts';
import { waitForMail } from './support/mail-files.ts';
import { createAdmin, createBuyerWithCompleteCart } from './support/fixtures.ts';

const session = useBrowser();
let browser: BrowserSession;
beforeEach(() => {
  browser = session();
});
afterEach(async () => {
  await browser.context.clearCookies();
  await browser.page.goto(`${origin()}/400`);
  await browser.page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
});

/** Agree to the terms and wait for the reload that follows, until the modal is gone. */
async function agreeToTerms(page: BrowserSession['page']) {
  await Promise.all([page.waitForEvent('framenavigated'), page.getByRole('button', { name: 'Agree' }).click()]);
  await page.waitForLoadState('load');
  await expect.poll(() => page.getByTestId('getting-started').count()).toBe(0);
}

describe('a newcomer', () => {
  it('signs up, gets the mail, verifies, accepts the terms and reaches the home page', async () => {
    const { page } = browser;
    const email = `newcomer-${Date.now()}@example.test`;
    await page.goto(`${origin()}/configure`);
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByRole('tab', { name: 'New account' }).click();
    // The page is named for what it does, and an empty form says what is missing.
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.locator('form button[type=submit]').click();
    expect(await page.getByTestId('sign-in-error').textContent()).toContain('Enter your name.');
    await page.getByLabel('Your name').fill('Nora Newcomer');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel(/^Password/).fill('Finishes-2026');
    await page.locator('form button[type=submit]').click();

    // Not signed in yet: the account opens through the link mailed to the address.
    await page.getByTestId('sign-up-sent').waitFor();
    expect(await page.getByTestId('sign-up-sent').textContent()).toContain(email);

    const mail = await waitForMail(email, /Confirm your e-mail/);
    expect(mail.subject).toContain(demoProject.name);
    const link = /http:\/\/demo\.localhost:\d+\/my-account\?mode=verifyEmail&token=\S+/.exec(mail.text)![0];
    await page.goto(link);
    await page.getByTestId('email-verified').waitFor();

    // Signed in by the link: the modal asks for the terms, over whatever page is open.
    const modal = page.getByTestId('getting-started');
    await expect.poll(() => modal.getAttribute('data-step')).toBe('terms');
    expect(await modal.textContent()).toContain(email);
    expect(await modal.textContent()).toContain('These terms cover your use of the Maple Residences selection portal.');
    // Rejecting reloads into the terms again, now saying what the answer means.
    await Promise.all([page.waitForEvent('framenavigated'), page.getByRole('button', { name: 'Reject' }).click()]);
    await page.waitForLoadState('load');
    await expect
      .poll(async () => (await modal.textContent()) ?? '')
      .toContain('You declined the terms, so the portal stays closed to you.');
    await agreeToTerms(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'My home' }).waitFor();
  });
});

describe('signing in', () => {
  it('shows a plain message for a wrong password', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'buyer@demo.test', password: 'not-my-password-1' });
    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(
      'That e-mail and password do not match. Check them, or reset your password.',
    );
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });

  it('asks for both fields before calling the server', async () => {
    const { page } = browser;
    await page.goto(`${origin()}/sign-in`);
    await page.locator('form button[type=submit]').click();
    expect(await page.getByTestId('sign-in-error').textContent()).toBe('Enter your e-mail address and your password.');
  });

  it('returns to next after signing in', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'buyer@demo.test', password: E2E_DEMO_PASSWORD, next: '/account' });
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByTestId('my-projects').getByText(demoProject.name).waitFor();
  });

  it('never follows a next that leaves the portal', async () => {
    const { page } = browser;
    await signInThroughPage(page, {
      email: 'buyer@demo.test',
      password: E2E_DEMO_PASSWORD,
      next: '//evil.example/steal',
    });
    await page.getByRole('heading', { name: 'My home' }).waitFor();
    expect(new URL(page.url()).host).toBe(new URL(origin()).host);
  });
});

describe('remember me', () => {
  async function signInAndReopen(rememberMe: boolean) {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-profile-'));
    try {
      const first = await openBrowser({ profile });
      await signInThroughPage(first.page, { email: 'hannah.lee@demo.test', password: E2E_DEMO_PASSWORD, rememberMe });
      await first.page.getByRole('heading', { name: 'My home' }).waitFor();
      await first.close();
      const second = await openBrowser({ profile });
      await second.page.goto(`${origin()}/`);
      // The page the app settles on: home when the session came back, else the sign-in page.
      const shown = second.page.locator('[data-page="/"], [data-page="/sign-in"]');
      await shown.waitFor();
      const pathname = await shown.getAttribute('data-page');
      await second.close();
      return pathname;
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  }

  it('keeps the session across a browser restart when ticked', async () => {
    expect(await signInAndReopen(true)).toBe('/');
  });

  it('loses the session with the browser when not ticked', async () => {
    expect(await signInAndReopen(false)).toBe('/sign-in');
  });
});

describe('access links', () => {
  /** A code as the demo manager makes it (a code works only while its creator may still grant it). */
  async function insertCode(values: { email: string | null; targetPath?: string }) {
    const code = crypto.randomBytes(10).toString('hex');
    const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await client.connect();
    await client.query(
      `INSERT INTO access_codes (code, project_id, email, role, target_path, expires_at, max_uses, created_by)
       SELECT $1, p.id, $2, 'purchaser', $3, now() + interval '1 day', 1, u.id
       FROM projects p, users u WHERE p.key = 'demo' AND u.email = 'manager@demo.test'`,
      [code, values.email, values.targetPath ?? null],
    );
    await client.end();
    return code;
  }

  it('opens a new account for a new address, which the mailed link then verifies', async () => {
    const { page } = browser;
    const email = `invited-${Date.now()}@example.test`;
    const code = await insertCode({ email });
    await page.goto(`${origin()}/link/${code}`);
    await skipPassword(page);
    await page.waitForURL((url) => url.pathname === '/');
    const modal = page.getByTestId('getting-started');
    // Holding the link does not prove the address: the mailed link does.
    await expect.poll(() => modal.getAttribute('data-step')).toBe('verify');
    expect(await modal.textContent()).toContain(email);
    const mail = await waitForMail(email, /Confirm your e-mail/);
    await page.goto(/http:\/\/demo\.localhost:\d+\/my-account\?mode=verifyEmail&token=\S+/.exec(mail.text)![0]);
    await page.getByTestId('email-verified').waitFor();
    await expect.poll(() => modal.getAttribute('data-step')).toBe('terms');
    await agreeToTerms(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'My home' }).waitFor();
  });

  it('asks the owner of an existing account to sign in first, then accepts the invitation for them', async () => {
    const { page } = browser;
    const email = `existing-${Date.now()}@example.test`;
    await createBuyerWithCompleteCart({ projectKey: 'demo', email, password: 'Existing-pass-2026' });
    const code = await insertCode({ email, targetPath: '/account' });
    await page.goto(`${origin()}/go/${code}`);
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/go/${code}`);
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);
    await page.getByLabel(/^Password/).fill('Existing-pass-2026');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/account');
  });

  it('offers a signed-in person to sign out when the invitation is for someone else', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'daniel.okafor@demo.test', password: E2E_DEMO_PASSWORD });
    await page.getByRole('heading', { name: 'My home' }).waitFor();
    const code = await insertCode({ email: `someone-else-${Date.now()}@example.test` });
    await page.goto(`${origin()}/link/${code}`);
    await page.getByRole('heading', { name: 'This invitation is for someone else' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === `/link/${code}`);
  });

  it('asks for an address on a sales-centre code made out to nobody', async () => {
    const { page } = browser;
    const code = await insertCode({ email: null });
    await page.goto(`${origin()}/link/${code}`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Your e-mail address').fill('buyer@demo.test');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('alert').filter({ hasText: 'already an account' }).waitFor();
    await page.getByLabel('Your e-mail address').fill(`walk-in-${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await skipPassword(page);
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByTestId('getting-started').getAttribute('data-step')).toBe('verify');
  });

  it('lands a used link on /400 with the reason', async () => {
    const { page } = browser;
    const code = await insertCode({ email: `twice-${Date.now()}@example.test` });
    await page.goto(`${origin()}/link/${code}`);
    await skipPassword(page);
    await page.waitForURL((url) => url.pathname === '/');
    await browser.context.clearCookies();
    await page.goto(`${origin()}/link/${code}`);
    await page.waitForURL((url) => url.pathname === '/400' && url.searchParams.get('reason') === 'link-used');
    expect(await page.getByTestId('bad-link-reason').textContent()).toContain('already been used');
  });

  it('prints only known reasons on /400, never text from the address', async () => {
    const { page } = browser;
    await page.goto(`${origin()}/400?reason=${encodeURIComponent('Your account is suspended: call 555-0100')}`);
    await page.getByTestId('bad-link-reason').waitFor();
    expect(await page.getByTestId('bad-link-reason').textContent()).not.toContain('555-0100');
  });
});

describe('the admin quick box', () => {
  it('opens with / for an admin, filters, and closes with Escape', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'admin@demo.test', password: E2E_DEMO_PASSWORD });
    // An admin with no home in the project lands on its back office.
    await page.waitForURL((url) => url.pathname === '/manage');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.keyboard.press('/');
    const box = page.getByRole('dialog', { name: 'Quick box' });
    await box.waitFor();
    await box.getByText('Local development').waitFor();
    const group = box.getByTestId('deploys-development');
    // Other tests may have made projects of their own on this server: each link names its project.
    const homeOf = (name: string) => group.getByRole('link', { name: `Home of ${name}` });
    expect(await homeOf('Maple Residences').count()).toBe(1);
    expect(await homeOf('Harbour Lofts').count()).toBe(1);
    expect(await homeOf('Maple Residences').getAttribute('href')).toMatch(/^http:\/\/demo\.localhost:\d+\/$/);
    // Each project's back office, and its settings in the platform's pages.
    expect(await group.getByRole('link', { name: 'Back office of Harbour Lofts' }).getAttribute('href')).toMatch(
      /^http:\/\/harbour\.localhost:\d+\/manage$/,
    );
    expect(await group.getByRole('link', { name: 'Settings of Harbour Lofts' }).getAttribute('href')).toMatch(
      /^http:\/\/harbour\.localhost:\d+\/admin\/configs\/[0-9a-f-]{36}$/,
    );
    // Found by the project's name, not only its key.
    await box.getByLabel('Find a project or deploy').fill('maple');
    await homeOf('Harbour Lofts').waitFor({ state: 'detached' });
    expect(await homeOf('Maple Residences').count()).toBe(1);
    await box.getByLabel('Find a project or deploy').fill('no-such-thing');
    await box.getByText('No project or deploy matches').waitFor();
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
  });

  it('does not open while typing in a field', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'admin@demo.test', password: E2E_DEMO_PASSWORD, next: '/account' });
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByLabel('Your name').click();
    await page.keyboard.press('/');
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Quick box' }).count()).toBe(0);
  });

  it('on the bare portal host, asks an admin for a project and then works inside it', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'admin@demo.test', password: E2E_DEMO_PASSWORD, projectKey: null });
    // No project on this host: the project route sends the admin to /account, with the prompt.
    await page.waitForURL((url) => url.pathname === '/account');
    const prompt = page.getByRole('dialog', { name: 'Which project?' });
    await prompt.waitFor();
    await prompt.getByLabel('Project').click();
    await page.getByRole('option', { name: 'Maple Residences (demo)' }).click();
    await prompt.getByRole('button', { name: 'Use this project' }).click();
    await page.waitForLoadState('load');
    await page.goto(`${origin(null)}/`);
    await page.waitForURL((url) => url.pathname === '/manage');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('logo-band').getByText('Maple Residences').waitFor();
  });

  it('lets an admin sign in on the portal’s bare IP address and pick a project there', async () => {
    const { page } = browser;
    const ipOrigin = `http://127.0.0.1:${process.env.E2E_PORT}`;
    const staff = await createAdmin();
    await signInThroughPage(page, { email: staff.email, password: staff.password, at: ipOrigin });
    await page.waitForURL((url) => url.host.startsWith('127.0.0.1') && url.pathname === '/account');
    const prompt = page.getByRole('dialog', { name: 'Which project?' });
    await prompt.waitFor();
    await prompt.getByLabel('Project').click();
    await page.getByRole('option', { name: 'Harbour Lofts (harbour)' }).click();
    await prompt.getByRole('button', { name: 'Use this project' }).click();
    await page.waitForLoadState('load');
    await page.goto(`${ipOrigin}/`);
    await page.waitForURL((url) => url.pathname === '/manage');
    await page.getByTestId('logo-band').getByText('Harbour Lofts').waitFor();
    // The session is the IP address's own: the cookie carries no domain of the portal.
    const cookies = await browser.context.cookies(ipOrigin);
    expect(cookies.some((cookie) => cookie.name.includes('session_token') && cookie.domain === '127.0.0.1')).toBe(true);
  });

  it('shows the interactive API reference to an admin', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'admin@demo.test', password: E2E_DEMO_PASSWORD, next: '/admin/api' });
    await page.waitForURL((url) => url.pathname === '/admin/api');
    const reference = page.getByTestId('api-reference');
    await reference.getByRole('heading', { name: 'Decor Portal API' }).waitFor({ timeout: 30_000 });
    // The first operations, and the button that takes a session or an API key (docs/integrations.md).
    await reference.getByText('Client environment: decor API base').filter({ visible: true }).first().waitFor();
    await reference
      .getByRole('button', { name: /Authorize/ })
      .first()
      .waitFor();
  });

  it('does not open for a buyer', async () => {
    const { page } = browser;
    await signInThroughPage(page, { email: 'buyer@demo.test', password: E2E_DEMO_PASSWORD });
    await page.getByRole('heading', { name: 'My home' }).waitFor();
    await page.keyboard.press('/');
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: 'Quick box' }).count()).toBe(0);
  });
});

/** A new account arriving by a link is offered a password first; these journeys go on without one. */
async function skipPassword(page: import('playwright-core').Page) {
  await page.getByTestId('choose-password').waitFor();
  await page.getByRole('button', { name: /^Not now/ }).click();
}
