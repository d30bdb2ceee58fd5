import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, origin, PHONE, withBrowsers } from './support/browser.ts';
import { asDemoManager } from './support/fixtures.ts';
import { audit } from './support/audit.ts';

/**
 * The builder's widget on a builder's own page (docs/public-pages.md, "The widget"): the one-line
 * snippet pasted into a plain HTML page of another origin puts the widget in, sized to what it
 * shows at every width, with no request to a third party; its inquiry form sends a lead.
 */
let site: http.Server;
let siteOrigin = '';
beforeAll(async () => {
  const portal = origin();
  const page = `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Maple Residences — the builder</title></head>
<body style="margin:0;font-family:serif"><h1>Live by the park</h1><p>Our new homes.</p>
<div data-decor-embed="packages,availability,grid,gallery"><a href="${portal}/inquire">Ask Maple Residences about a home</a></div><script src="${portal}/embed.js" async></script>
<p id="after">Below the widget.</p></body></html>`;
  site = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://builder.localhost:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** The iframe's height beside the height of what the widget shows, and whether it scrolls inside. */
async function frameFit(page: Page) {
  const frame = page.frameLocator('iframe[title="Homes for sale"]');
  const inner = await frame
    .locator('html')
    .evaluate((html) => ({ scroll: html.scrollHeight, client: html.clientHeight }));
  const outer = await page
    .locator('iframe[title="Homes for sale"]')
    .evaluate((element) => element.getBoundingClientRect().height);
  return { inner, outer };
}

describe("the builder's widget on another site", () => {
  it('is put in by the snippet and sized to its content from desktop to phone, with no third-party request', async () => {
    await withBrowsers(1, { viewport: DESKTOP }, async ([builder]) => {
      const { page } = builder!;
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const host = new URL(request.url()).host;
        if (host !== new URL(siteOrigin).host && host !== new URL(origin()).host) elsewhere.push(request.url());
      });
      await page.goto(siteOrigin);
      const frame = page.frameLocator('iframe[title="Homes for sale"]');
      await frame.getByRole('heading', { name: 'Maple Residences' }).waitFor();
      await frame.getByRole('heading', { name: 'Design packages' }).waitFor();
      expect(await frame.locator('.price').first().textContent()).toMatch(/^from \$/);
      for (const width of [1280, 768, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(
            async () => {
              const { inner, outer } = await frameFit(page);
              return Math.abs(inner.scroll - outer) <= 2 && inner.scroll <= inner.client + 2;
            },
            { interval: 20, timeout: 3_000 },
          )
          .toBe(true);
      }
      expect(elsewhere).toEqual([]);
      expect(builder!.consoleErrors).toEqual([]);
    });
  });

  it('leaves the plain link for a page without scripts', async () => {
    await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([builder]) => {
      // A page where the loader does not run: its script answered empty.
      await builder!.context.route('**/embed.js', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
      await builder!.page.goto(siteOrigin);
      expect(
        await builder!.page.getByRole('link', { name: 'Ask Maple Residences about a home' }).getAttribute('href'),
      ).toBe(`${origin()}/inquire`);
    });
  });

  it("sends an inquiry from the widget's form as a lead from the widget", async () => {
    const manager = await asDemoManager();
    const project = (await manager('GET', '/api/project')).json as { _id: string };
    const setOrigins = (origins: string[]) =>
      manager('PATCH', `/api/projects/${project._id}`, { options: { embed: { origins } } });
    expect((await setOrigins(['https://www.builder.example'])).status).toBe(200);
    try {
      await withBrowsers(1, { viewport: PHONE, isMobile: true }, async ([visitor]) => {
        const { page } = visitor!;
        await page.goto(`${origin()}/embed?show=form`);
        // The widget with its form, which the page sweep (no sites listed) never frames.
        expect(await audit(page, '/embed with the form')).toEqual([]);
        const email = `embed-form-${Date.now()}@example.test`;
        await page.getByRole('textbox', { name: 'First name' }).fill('Sam');
        await page.getByRole('textbox', { name: 'Last name' }).fill('Okafor');
        await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
        await page.getByRole('textbox', { name: 'Message' }).fill('Is there a two-bedroom on a high floor?');
        await expect.poll(() => page.locator('[data-news-text]').textContent()).toContain('Maple Residences');
        await page.getByRole('button', { name: 'Send my inquiry' }).click();
        await expect
          .poll(() => page.getByRole('status').textContent(), { timeout: 15_000 })
          .toContain('Thank you, Sam');
        const leads = (await manager('GET', `/api/schema/leads/?email=${encodeURIComponent(email)}`)).json as Array<{
          source: string;
          lastName: string;
        }>;
        expect(leads).toMatchObject([{ source: 'embed', lastName: 'Okafor' }]);
        expect(visitor!.consoleErrors).toEqual([]);
      });
      // And in French: every field and the news checkbox named in the served page, before any script.
      await withBrowsers(1, { viewport: PHONE, isMobile: true, locale: 'fr-CA' }, async ([reader]) => {
        const { page } = reader!;
        await page.goto(`${origin()}/embed?show=form`);
        await page.getByRole('checkbox', { name: /Maple Residences/ }).waitFor();
        expect(await audit(page, '/embed with the form (fr-CA)')).toEqual([]);
      });
    } finally {
      await setOrigins([]);
    }
  });
});
