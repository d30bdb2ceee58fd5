import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, openBrowser, origin, PHONE, signIn } from './support/browser.ts';
import { createBuyerWithCompleteCart } from './support/fixtures.ts';
import { LANGUAGE_NAMES } from '@decor/core';

/**
 * The pseudo-language sweep (docs/languages.md, "Checks"): with every catalogue sentence shown
 * between ⟦ ⟧, a page's visible text is taken apart — the sentences, then the project's own
 * content (names of rooms, options, packages…), then what Intl writes (numbers, money, dates) —
 * and any word left over is text that did not come from the catalogue. The buyer's pages and
 * dialogs and the visitor's pages, on a phone and a desktop.
 */

interface Named {
  name?: string;
  description?: string;
  vendor?: string;
  sku?: string;
}

/** Intl's words in dates (en-CA), and marks that carry no language. */
const INTL_WORDS = new Set(
  [
    ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 15)).toLocaleString('en-CA', { month: 'long', timeZone: 'UTC' })),
    ...Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2026, 10, 22 + day)).toLocaleString('en-CA', { weekday: 'long', timeZone: 'UTC' })),
    'at',
    'a.m',
    'p.m',
  ].map((word) => word.toLowerCase()),
);

/** The project's content a page may show as it is: what the catalogue's authors wrote, and the person's own name and address. */
async function contentOf(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const get = (url: string) => fetch(url).then((r) => (r.ok ? r.json() : []));
    const project = (await get('/api/project')) as { name: string; rooms: Named[]; options: { tagline?: string } };
    const lists = (await Promise.all(['categories', 'options', 'packages', 'units', 'plans'].map((c) => get(`/api/schema/${c}/?limit=200`)))) as Named[][];
    const me = (await get('/api/me')) as { email?: string; name?: string };
    return [
      project.name,
      project.options.tagline,
      ...project.rooms.flatMap((r) => [r.name]),
      ...lists.flat().flatMap((i) => [i.name, i.description, i.vendor, i.sku]),
      me.email,
      me.name,
    ]
      .filter((text): text is string => typeof text === 'string' && text.trim().length > 0)
      .sort((a, b) => b.length - a.length);
  });
}

/** The words on screen that came neither from the catalogue nor from the content, with the line they are on. */
async function strangers(page: Page, content: string[]): Promise<string[]> {
  // What is on screen: hidden from everyone (aria-hidden, such as the field only robots fill) is not read.
  const text = await page.evaluate(() => {
    const hidden = [...document.querySelectorAll<HTMLElement>('[aria-hidden="true"]')].map((element) => [element, element.style.display] as const);
    for (const [element] of hidden) element.style.display = 'none';
    const shown = document.body.innerText;
    for (const [element, display] of hidden) element.style.display = display;
    return shown;
  });
  const found: string[] = [];
  for (const line of text.split('\n')) {
    let rest = line;
    // Sentences within sentences: the innermost first.
    for (let before = ''; before !== rest;) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    // Each language's own name (the language switch) is the same in every language.
    for (const piece of [...content, ...Object.values(LANGUAGE_NAMES)]) rest = rest.split(piece).join(' ');
    const words = rest
      .split(/[\s\u00a0\u202f]+/)
      .map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
      .filter((word) => /\p{L}{2,}/u.test(word) && !INTL_WORDS.has(word.toLowerCase()) && !/^[A-Z]{2,5}$/.test(word) && word !== '3D');
    if (words.length) found.push(`${words.join(' ')}  ←  “${line.trim().slice(0, 120)}”`);
  }
  return found;
}

describe('the pseudo-language sweep: no text on screen outside the catalogue or the content', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${name}: the visitor's and the buyer's pages and dialogs`, async () => {
      const buyer = await createBuyerWithCompleteCart({ projectKey: 'demo', email: `pseudo-${name}-${Date.now()}@example.test`, password: 'Pseudo-pass-2026' });
      const browser = await openBrowser({ viewport, isMobile: name === 'phone' });
      try {
        const { page } = browser;
        await page.addInitScript(() => localStorage.setItem('decor.pseudo', '1'));
        const problems: string[] = [];
        const sweep = async (label: string, ready: () => Promise<unknown>, content: string[]) => {
          await ready();
          await page.waitForTimeout(300);
          for (const stranger of await strangers(page, content)) problems.push(`${label}: ${stranger}`);
        };

        await page.goto(`${origin()}/sign-in`);
        await sweep('/sign-in', () => page.locator('form').waitFor(), [await page.evaluate(() => document.title), 'Maple Residences']);
        await page.goto(`${origin()}/inquire`);
        // The consent sentence is the server's (kept word for word as proof), in the page's language.
        const { newsText } = (await page.evaluate(() => fetch('/api/inquire/form').then((r) => r.json()))) as { newsText: string };
        await sweep('/inquire', () => page.getByTestId('inquiry-form').waitFor(), [newsText, 'Maple Residences']);

        await signIn(page, { email: buyer.email, password: buyer.password, next: '/' });
        await page.getByTestId('home-cart').waitFor();
        const content = await contentOf(page);
        await sweep('/', () => page.getByTestId('progress').waitFor(), content);
        await page.goto(`${origin()}/configure`);
        await sweep('/configure', () => page.getByTestId('cart-bar').waitFor(), content);
        await page.getByTestId('option-details').first().click();
        await sweep('/configure option detail', () => page.getByRole('dialog').waitFor(), content);
        await page.keyboard.press('Escape');
        await page.getByTestId('package-card').first().getByRole('button').click();
        await sweep('/configure package preview', () => page.getByRole('dialog').waitFor(), content);
        await page.keyboard.press('Escape');
        await page.goto(`${origin()}/config`);
        await sweep('/config', () => page.getByTestId('submit-section').waitFor(), content);
        await page.goto(`${origin()}/explore`);
        await sweep('/explore', () => page.getByTestId('swatch-board').first().waitFor(), content);
        await page.goto(`${origin()}/account`);
        await sweep('/account', () => page.getByTestId('sessions').waitFor(), content);
        expect(problems).toEqual([]);
        expect(browser.consoleErrors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});
