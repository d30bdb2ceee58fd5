import type { Page } from 'playwright-core';
import { LANGUAGE_NAMES } from '@decor/core';
import { pseudoText } from '@decor/core/pseudo';

/**
 * The pseudo-language's side of the page sweep (docs/languages.md, "Checks"): with every
 * catalogue sentence shown between ⟦ ⟧, a page's visible text is taken apart — the sentences,
 * then the project's own content (names of rooms, options, packages, people…), then what Intl
 * writes (numbers, money, dates) — and any word left over is text that did not come from the
 * catalogue.
 */

/** Shows this page's catalogue in the pseudo-language from its next load on. */
export async function usePseudoLanguage(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('decor.pseudo', '1'));
}

/** A label as English or the pseudo-language writes it: for finding a control on either. */
export function said(english: string, { start = false } = {}): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${start ? '^(⟦)?' : ''}(${escape(english)}|${escape(pseudoText(english))})`);
}

interface Named {
  name?: string;
  description?: string;
  vendor?: string;
  sku?: string;
}

/** Intl's words in dates (en-CA), and marks that carry no language. */
const INTL_WORDS = new Set(
  [
    ...Array.from({ length: 12 }, (_, month) =>
      new Date(Date.UTC(2026, month, 15)).toLocaleString('en-CA', { month: 'long', timeZone: 'UTC' }),
    ),
    ...Array.from({ length: 12 }, (_, month) =>
      new Date(Date.UTC(2026, month, 15)).toLocaleString('en-CA', { month: 'short', timeZone: 'UTC' }),
    ),
    ...Array.from({ length: 7 }, (_, day) =>
      new Date(Date.UTC(2026, 10, 22 + day)).toLocaleString('en-CA', { weekday: 'long', timeZone: 'UTC' }),
    ),
    ...Array.from({ length: 7 }, (_, day) =>
      new Date(Date.UTC(2026, 10, 22 + day)).toLocaleString('en-CA', { weekday: 'short', timeZone: 'UTC' }),
    ),
    'at',
    'a.m',
    'p.m',
    // Units of area (m², ft²).
    'ft',
  ].map((word) => word.toLowerCase().replace(/\.$/, '')),
);

/**
 * The content a signed-in page may show as it is: what the catalogue's authors wrote, the
 * person's own name and address, the project's time zone as Intl names it, and for the design
 * centre what its people wrote (buyers' names and addresses, notes, leads, mails' subjects).
 */
export async function contentOf(page: Page, { staff = false, admin = false } = {}): Promise<string[]> {
  // A project has more units than one page of 200 holds (the widget shows them all): the names of every page.
  const unitNames: string[] = [];
  for (let after = ''; ;) {
    const url = `/api/schema/units/?limit=200${after ? `&afterId=${after}` : ''}`;
    const units = (await page.evaluate((address) => fetch(address).then((r) => (r.ok ? r.json() : [])), url)) as Array<{
      _id: string;
      name?: string;
    }>;
    unitNames.push(...units.flatMap((unit) => (typeof unit.name === 'string' ? [unit.name] : [])));
    if (units.length < 200) break;
    after = units.at(-1)!._id;
  }
  const written = await page.evaluate(
    async ({ staff, admin }) => {
      const get = (url: string) => fetch(url).then((r) => (r.ok ? r.json() : []));
      const project = (await get('/api/project')) as {
        name: string;
        rooms: Named[];
        options: {
          tagline?: string;
          timeZone?: string;
          payments?: {
            instalments?: Array<{ label: string; due: { stage?: string } }>;
            balanceDue?: { stage?: string };
            offlineInstructions?: string;
          };
        };
      };
      // The design centre's own words about money: instalments, stages, and how to pay (its Markdown as shown).
      const payments = project.options.payments;
      const paymentWords = [
        ...(payments?.instalments ?? []).flatMap((step) => [step.label, step.due.stage]),
        payments?.balanceDue?.stage,
        payments?.offlineInstructions,
        payments?.offlineInstructions?.replace(/[*_`#>]/g, ''),
      ];
      const lists = (await Promise.all(
        ['categories', 'options', 'packages', 'units', 'plans'].map((c) => get(`/api/schema/${c}/?limit=200`)),
      )) as Named[][];
      const me = (await get('/api/me')) as { email?: string; name?: string };
      const zone = project.options.timeZone ?? 'UTC';
      const zoneName = new Intl.DateTimeFormat('en-CA', { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value;
      // What people wrote, from the lists the design centre reads: every text that reads as a name, an address or a sentence.
      const written: string[] = [];
      const walk = (value: unknown, key = ''): void => {
        if (typeof value === 'string') {
          if (
            /name|email|note|message|subject|comment|buyer|^place$|^key$|^host$|^error$|^locale$|^timeZone$|^device$|^currency$|^userAgent$|^renderer$/i.test(
              key,
            )
          )
            written.push(value);
        } else if (Array.isArray(value)) value.forEach((item) => walk(item, key));
        else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) walk(item, name);
      };
      const staffLists = [
        '/api/manage/carts',
        '/api/manage/buyers',
        '/api/manage/leads',
        '/api/access-codes',
        '/api/schema/carts/?limit=200',
        '/api/manage/imports',
        '/api/manage/displays',
      ];
      if (staff) for (const answer of await Promise.all(staffLists.map(get))) walk(answer);
      // The design centre's kinds of meeting (their names in the reader's language), which buyers read too.
      walk(await get('/api/appointment-types'));
      if (staff) walk(await get('/api/manage/consultants'));
      // The platform's own: projects, their keys and hosts, deploys, and the names of what runs it.
      const adminLists = [
        '/api/admin/projects',
        '/api/admin/deploys',
        '/api/admin/overview',
        '/api/admin/users',
        '/api/admin/sessions',
        '/api/admin/purchases',
        '/api/admin/displays',
        // The person the sweep opens, whichever page of the list other journeys' people push them to.
        '/api/admin/users?q=olivia',
      ];
      if (admin) for (const answer of await Promise.all(adminLists.map(get))) walk(answer);
      if (admin) written.push('Node', 'PostgreSQL', 'PGlite');
      return [
        project.name,
        project.options.tagline,
        zoneName,
        zone.split('/').at(-1)?.replace(/_/g, ' '),
        ...project.rooms.flatMap((r) => [r.name]),
        ...lists.flat().flatMap((i) => [i.name, i.description, i.vendor, i.sku]),
        me.email,
        me.name,
        ...paymentWords,
        ...written,
      ]
        .filter((text): text is string => typeof text === 'string' && text.trim().length > 0)
        .sort((a, b) => b.length - a.length);
    },
    { staff, admin },
  );
  return [...written, ...unitNames].sort((a, b) => b.length - a.length);
}

/** The words on screen that came neither from the catalogue nor from the content, with the line they are on. */
export async function strangers(page: Page, content: string[]): Promise<string[]> {
  // What is on screen: hidden from everyone (aria-hidden, such as the field only robots fill) is not read.
  const text = await page.evaluate(() => {
    // Code shown to be copied (the widget's line) is not text to translate either.
    const hidden = [...document.querySelectorAll<HTMLElement>('[aria-hidden="true"], code, pre')].map(
      (element) => [element, element.style.display] as const,
    );
    for (const [element] of hidden) element.style.display = 'none';
    // A chart's label drawn on several lines (SVG tspans) is read as words, not run together.
    const lines = [...document.querySelectorAll('svg text tspan')].map((span) => [span, span.textContent] as const);
    for (const [span, text] of lines) span.textContent = `${text} `;
    const shown = document.body.innerText;
    for (const [span, text] of lines) span.textContent = text;
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
    // Each language's own name (the language switch) is the same in every language. The longest pieces first: one may hold another.
    // Whatever its case on screen (a badge writes a host in capitals).
    for (const piece of [...content, ...Object.values(LANGUAGE_NAMES)].sort((a, b) => b.length - a.length)) {
      rest = rest.replace(new RegExp(piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' ');
    }
    const words = rest
      .split(/[\s\u00a0\u202f]+/)
      .map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
      .filter(
        (word) =>
          /\p{L}{2,}/u.test(word) &&
          !INTL_WORDS.has(word.toLowerCase()) &&
          !/^[A-Z]{2,5}$/.test(word) &&
          !/^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(word) &&
          word !== '3D',
      );
    if (words.length) found.push(`${words.join(' ')}  ←  “${line.trim().slice(0, 120)}”`);
  }
  return found;
}
