import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { origin, PHONE, withBrowsers } from './support/browser.ts';

/**
 * The first page's weight (DESIGN's budget, docs/performance.md, "Page weight"): what a visitor's
 * browser downloads for the sign-in page, compressed as gzip, stays under 150 KB of JavaScript,
 * and the 3D code is never part of it. A size, not a time: it does not depend on the machine.
 */
const FIRST_PAGE_JS_BUDGET = 150 * 1024;

async function scriptsOf(page: Page, path: string) {
  const scripts: Array<{ name: string; gzip: number }> = [];
  const pending: Array<Promise<void>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({
          name: new URL(response.url()).pathname.split('/').pop() ?? '',
          gzip: zlib.gzipSync(body).length,
        });
      }),
    );
  });
  await page.goto(`${origin()}${path}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return scripts;
}

describe('the first page’s weight', () => {
  // In each language: a reader of French loads French's part of the first page instead (docs/languages.md, "Loading").
  it.each([
    ['en-CA', /^Sign in/],
    ['fr-CA', /^Se connecter/],
  ] as const)(
    'downloads under 150 KB of gzip JavaScript for /sign-in in %s, and no 3D code',
    async (locale, signIn) => {
      await withBrowsers(1, { viewport: PHONE, isMobile: true, locale }, async ([browser]) => {
        const scripts = await scriptsOf(browser!.page, '/sign-in');
        await browser!.page.getByRole('button', { name: signIn }).first().waitFor();
        const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
        const listing = scripts
          .sort((a, b) => b.gzip - a.gzip)
          .map((script) => `${(script.gzip / 1024).toFixed(1)} KB ${script.name}`)
          .join(', ');
        expect(total, listing).toBeLessThanOrEqual(FIRST_PAGE_JS_BUDGET);
        expect(scripts.some((script) => /room-scene|three/.test(script.name))).toBe(false);
      });
    },
  );
});
