import type { Page } from 'playwright-core';
import { audit, settle, track } from './support/audit.ts';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openBrowser, origin, PHONE, signIn, type BrowserSession } from './support/browser.ts';
import { contentOf, said, strangers, usePseudoLanguage } from './support/catalogue-words.ts';
import { asDemoManager, createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';

/**
 * Every page and dialog, for visitors, buyers, managers and administrators, at desktop and
 * phone width, in the pseudo-language (every catalogue sentence accented, a third longer and
 * between ⟦ ⟧):
 * - WCAG 2.1 A and AA (docs/screens.md, "Accessibility"): axe-core finds no critical or serious violation
 *   (colour contrast at the desktop's width, where the theme's colours are the same as at a phone's);
 * - nothing is cut short or drawn off the screen, with labels as long as French makes them;
 * - no word on screen comes from outside the catalogue, the project's content or Intl
 *   (docs/languages.md, "Checks"), except on the screens still listed as in English.
 * Each finding names the page, the rule and the elements, so a failure says where to look.
 */
/**
 * A page or dialog to audit. `english`: a screen not in the catalogue yet (issue 32): its words
 * are expected to be English, and the sweep says so when they no longer are, to take it off.
 */
type Step = { label: string; open: (page: Page) => Promise<void>; english?: true };

/**
 * Opens a page as a person moving through the app does: when the app already runs on this host,
 * through its own router (the address pushed onto the history it listens to), so that the app
 * and axe-core are not loaded again for each page; otherwise, and with `fresh`, by loading it.
 * A page the server draws (the widget) or another host's is always loaded. A dialog left open is
 * closed first, with Escape, as a person would; one that stays open means a fresh load.
 */
const visit =
  (path: string, projectKey: string | null = 'demo', { fresh = false } = {}): Step['open'] =>
  async (page) => {
    const target = `${origin(projectKey)}${path}`;
    const inApp =
      !fresh &&
      new URL(page.url()).origin === origin(projectKey) &&
      (await page.evaluate(() => Boolean(window.history.state?.__TSR_key)));
    const dialog = page.getByRole('dialog');
    if (inApp && (await dialog.count()) > 0) {
      await page.keyboard.press('Escape');
      await dialog
        .first()
        .waitFor({ state: 'detached', timeout: 3_000 })
        .catch(() => undefined);
    }
    if (!inApp || (await dialog.count()) > 0) {
      await page.goto(target);
      return;
    }
    // Where the router takes it from there (a redirect, say) is the page audited, as after a load.
    await page.evaluate((href) => {
      // The state the router gives an entry of its own: its place in the history and a key.
      const key = Math.random().toString(36).slice(2);
      window.history.pushState(
        { __TSR_index: (window.history.state?.__TSR_index ?? 0) + 1, key, __TSR_key: key },
        '',
        href,
      );
    }, path);
  };

/** Audits each step in turn; `content` is what the project's authors and its people wrote, which a page may show as it is. */
async function sweep(browser: BrowserSession, steps: Step[], content: string[]): Promise<string[]> {
  const problems: string[] = [];
  track(browser.page);
  for (const step of steps) {
    await step.open(browser.page);
    problems.push(...(await audit(browser.page, step.label)));
    let words = await strangers(browser.page, content);
    if (step.english && words.length === 0) {
      // A screen still drawing its words is not yet a translated one: a second look, a moment later.
      await browser.page.waitForTimeout(1000);
      words = await strangers(browser.page, content);
    }
    if (step.english && words.length === 0)
      problems.push(`${step.label}: every word is from the catalogue now: take “english” off this step`);
    if (!step.english) problems.push(...words.map((word) => `${step.label}: not from the catalogue: ${word}`));
  }
  return problems;
}

const VIEWPORTS = [
  ['desktop', DESKTOP, false],
  ['phone', PHONE, true],
] as const;

/** A browser at the given width that reads the catalogue in the pseudo-language. */
async function pseudoBrowser(viewport: (typeof VIEWPORTS)[number][1], isMobile: boolean): Promise<BrowserSession> {
  const browser = await openBrowser({ viewport, isMobile });
  await usePseudoLanguage(browser.page);
  return browser;
}

// Two sweeps at a time: most of a sweep is waiting for a page to settle, which the other uses.
describe.concurrent(
  'every page and dialog in the pseudo-language: no critical or serious WCAG 2.1 A/AA violation (axe-core), nothing cut, no word outside the catalogue',
  () => {
    for (const [width, viewport, isMobile] of VIEWPORTS) {
      it(`${width}: visitors' pages`, async () => {
        // The project's and the platform's names are theirs in every language.
        const visitorContent = ['Maple Residences', 'Decor Portal'];
        const browser = await pseudoBrowser(viewport, isMobile);
        try {
          const problems = await sweep(
            browser,
            [
              { label: '/sign-in', open: visit('/sign-in') },
              {
                label: '/sign-in new account',
                open: async (page) => {
                  await page.getByRole('tab', { name: said('New account') }).click();
                },
              },
              {
                label: '/sign-in e-mail code',
                open: async (page) => {
                  await page.getByRole('tab', { name: said('E-mail code') }).click();
                },
              },
              { label: '/home', open: visit('/home') },
              { label: '/400', open: visit('/400?reason=link-expired') },
              { label: '/my-account', open: visit('/my-account') },
              { label: 'not found', open: visit('/no-such-page-here') },
              {
                label: '/embed',
                open: async (page) => {
                  // Drawn by the server, which reads the pseudo-language from the address; the catalogue's content as the widget shows it.
                  await visit('/embed?pseudo=1', 'demo', { fresh: true })(page);
                  visitorContent.push(...(await contentOf(page)));
                },
              },
              {
                label: '/inquire',
                open: async (page) => {
                  await visit('/inquire')(page);
                  // The consent sentence is the server's (kept word for word as proof), in the page's language.
                  const form = (await page.evaluate(() => fetch('/api/inquire/form').then((r) => r.json()))) as {
                    newsText: string;
                  };
                  if (typeof form.newsText === 'string') visitorContent.push(form.newsText);
                },
              },
              { label: '/controller (typing a code)', open: visit('/controller') },
              { label: '/v (a new screen)', open: visit('/v') },
              { label: '/test/gamelift', open: visit('/test/gamelift'), english: true },
              { label: '/preview (bad link)', open: visit('/preview?token=nope') },
              { label: 'portal host sign-in', open: visit('/sign-in', null) },
            ],
            visitorContent,
          );
          expect(problems).toEqual([]);
        } finally {
          await browser.close();
        }
      });

      it(`${width}: a buyer's pages and dialogs`, async () => {
        const email = `a11y-${width}-${Date.now()}@example.test`;
        const buyer = await createBuyerWithCompleteCart({ projectKey: 'demo', email, password: 'A11y-pass-2026' });
        const browser = await pseudoBrowser(viewport, isMobile);
        try {
          await signIn(browser.page, { email, password: buyer.password, next: '/' });
          await browser.page.waitForURL((url) => url.pathname === '/');
          const problems = await sweep(
            browser,
            [
              { label: '/', open: async () => undefined },
              { label: '/configure', open: visit('/configure') },
              {
                label: '/configure option details',
                open: async (page) => {
                  await page.getByTestId('option-details').first().click();
                  await page.getByRole('dialog').waitFor();
                },
              },
              {
                label: '/configure package preview',
                open: async (page) => {
                  await page.keyboard.press('Escape');
                  await page
                    .getByRole('button', { name: said('Preview and apply', { start: true }) })
                    .first()
                    .click();
                  await page.getByRole('dialog').waitFor();
                },
              },
              {
                label: '/configure fit my budget',
                open: async (page) => {
                  await page.keyboard.press('Escape');
                  await page.getByTestId('fit-open').click();
                  await page.getByTestId('fit-form').waitFor();
                },
              },
              {
                label: '/configure fit my budget proposal',
                open: async (page) => {
                  await page.getByTestId('fit-amount').fill('9000');
                  await page.getByTestId('fit-propose').click();
                  await page.getByTestId('fit-proposal').waitFor();
                },
              },
              { label: '/explore', open: visit('/explore') },
              { label: '/tour', open: visit('/tour') },
              { label: '/config', open: visit('/config') },
              {
                label: '/config share dialog',
                open: async (page) => {
                  await page
                    .getByRole('button', { name: said('Share', { start: true }) })
                    .first()
                    .click();
                  await page.getByRole('dialog').waitFor();
                },
              },
              {
                label: '/config share dialog with a link given',
                open: async (page) => {
                  await page
                    .getByRole('dialog')
                    .getByRole('button', { name: said('Make a link') })
                    .click();
                  await page.getByTestId('given-link').first().waitFor();
                },
              },
              { label: '/appointments', open: visit('/appointments') },
              {
                label: '/appointments with free times',
                open: async (page) => {
                  await page.getByRole('radio').first().check();
                  await page.getByTestId('slot').first().waitFor();
                },
              },
              { label: '/account', open: visit('/account') },
            ],
            await contentOf(browser.page),
          );
          expect(problems).toEqual([]);
        } finally {
          await browser.close();
        }
      });

      it(`${width}: the design centre's back office`, async () => {
        const staff = await createManager();
        const manager = await asDemoManager();
        const carts = (await manager('GET', '/api/manage/carts')).json as { items: Array<{ _id: string }> };
        const options = (await manager('GET', '/api/schema/options/?limit=1')).json as Array<{ _id: string }>;
        const browser = await pseudoBrowser(viewport, isMobile);
        try {
          await signIn(browser.page, { email: staff.email, password: staff.password, next: '/manage' });
          await browser.page.waitForURL((url) => url.pathname === '/manage');
          // What people wrote, read again where a step shows what arrived since (a mail the reminders job just sent).
          const content = await contentOf(browser.page, { staff: true });
          const problems = await sweep(
            browser,
            [
              { label: '/manage', open: async () => undefined },
              { label: '/manage/carts', open: visit('/manage/carts') },
              { label: '/manage/carts/{id}', open: visit(`/manage/carts/${carts.items[0]!._id}`) },
              { label: '/manage/models', open: visit('/manage/models') },
              { label: '/manage/models/options', open: visit('/manage/models/options') },
              { label: '/manage/models/options/{id}', open: visit(`/manage/models/options/${options[0]!._id}`) },
              { label: '/manage/access-links', open: visit('/manage/access-links') },
              { label: '/manage/access-links buyers', open: visit('/manage/access-links?show=joined') },
              {
                label: '/manage/access-links a buyer’s mails',
                open: async (page) => {
                  // A buyer's mail log, when one of them has been mailed by then (the journeys beside this one mail them).
                  await page.getByTestId('buyer').first().waitFor();
                  const mails = page.getByTestId('buyer').getByRole('button', { name: /m[aá]íl/ });
                  if (await mails.count()) {
                    await mails.first().click();
                    await page.getByTestId('mail-log').waitFor();
                    content.push(...(await contentOf(page, { staff: true })));
                  }
                },
              },
              { label: '/manage/unit-avail', open: visit('/manage/unit-avail') },
              { label: '/manage/leads', open: visit('/manage/leads') },
              { label: '/manage/imported', open: visit('/manage/imported') },
              { label: '/manage/runtime', open: visit('/manage/runtime') },
              { label: '/manage/settings', open: visit('/manage/settings') },
              {
                label: '/manage/reports',
                open: async (page) => {
                  await visit('/manage/reports')(page);
                  await page.getByTestId('report-scope').or(page.getByTestId('report-empty')).first().waitFor();
                },
              },
              {
                label: '/manage/reports revenue',
                open: async (page) => {
                  await visit('/manage/reports?report=revenue')(page);
                  await page.getByTestId('revenue-total').or(page.getByTestId('report-empty')).first().waitFor();
                },
              },
              {
                label: '/manage/reports decisions',
                open: async (page) => {
                  await visit('/manage/reports?report=decisions')(page);
                  await page.getByTestId('report-deadline-risk').or(page.getByTestId('report-empty')).first().waitFor();
                },
              },
              {
                label: '/manage/reports money',
                open: async (page) => {
                  await visit('/manage/reports?report=money')(page);
                  await page.getByTestId('report-money-by-week').or(page.getByTestId('report-empty')).first().waitFor();
                },
              },
              {
                label: '/manage/reports funnel',
                open: async (page) => {
                  await visit('/manage/reports?report=funnel')(page);
                  await page.getByTestId('report-funnel').or(page.getByTestId('report-empty')).first().waitFor();
                },
              },
              { label: '/manage/appointments', open: visit('/manage/appointments') },
              { label: '/manage/appointments consultants', open: visit('/manage/appointments?tab=consultants') },
              { label: '/manage/appointments kinds', open: visit('/manage/appointments?tab=kinds') },
            ],
            content,
          );
          expect(problems).toEqual([]);
        } finally {
          await browser.close();
        }
      });

      it(`${width}: the platform's back office`, async () => {
        const browser = await pseudoBrowser(viewport, isMobile);
        try {
          await signIn(browser.page, { email: 'admin@demo.test', password: E2E_DEMO_PASSWORD, next: '/admin' });
          await browser.page.waitForURL((url) => url.pathname === '/admin');
          const pages = [
            '/admin/projects',
            '/admin/configs',
            '/admin/instances',
            '/admin/deploys',
            '/admin/users',
            '/admin/purchases',
            '/admin/sessions',
            '/admin/features',
            '/admin/data',
            '/admin/pool',
            '/admin/minimaps',
            '/admin/pen-stream',
            '/admin/new',
            '/admin/model-builder',
          ];
          // Not in the catalogue yet (issue 32).
          // The API reference is the OpenAPI document as Swagger UI draws it: the API's own words, in English (docs/languages.md).
          const englishPages = ['/admin/api'];
          const adminContent = await contentOf(browser.page, { admin: true });
          const problems = await sweep(
            browser,
            [
              { label: '/admin', open: visit('/admin') },
              ...pages.map((path) => ({
                label: path,
                open: async (page: Page) => {
                  await visit(path)(page);
                  // This browser's own visit, kept as it happens: its device as the server described it.
                  if (path === '/admin/sessions' || path === '/admin/instances')
                    adminContent.push(...(await contentOf(page, { admin: true })));
                },
              })),
              ...englishPages.map((path) => ({ label: path, open: visit(path), english: true as const })),
              {
                label: 'admin quick box',
                open: async (page: Page) => {
                  await visit('/admin')(page);
                  // What the quick box lists as recent may have grown since the sweep began (other journeys' people).
                  adminContent.push(...(await contentOf(page, { admin: true })));
                  // The quick box listens once the page has drawn.
                  await settle(page);
                  await page.locator('body').press('/');
                  await page.getByRole('dialog').waitFor();
                },
              },
              {
                label: 'a person on /admin/users',
                open: async (page: Page) => {
                  await visit('/admin/users?q=olivia')(page);
                  await page.getByRole('button', { name: /olivia\.chen@demo\.test/ }).click();
                  await page.getByTestId('user-detail').waitFor();
                },
              },
              {
                label: 'editing a project on /admin/projects',
                open: async (page: Page) => {
                  await visit('/admin/projects')(page);
                  await page
                    .locator('[data-testid="admin-project"][data-key="demo"]')
                    .getByRole('button', { name: said('Edit') })
                    .click();
                  await page.getByRole('dialog').waitFor();
                },
              },
              {
                label: 'a new deploy on /admin/deploys',
                open: async (page: Page) => {
                  await visit('/admin/deploys')(page);
                  await page.getByRole('button', { name: said('New deploy') }).click();
                  await page.getByRole('dialog').waitFor();
                },
              },
            ],
            adminContent,
          );
          expect(problems).toEqual([]);
        } finally {
          await browser.close();
        }
      });
    }
  },
);
