import { execFileSync } from 'node:child_process';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, DEMO_HOST, signIn } from './support/identity.ts';
import { addDemoPhotos } from '../src/db/seed/demo-photos.ts';
import { DEMO_FRENCH } from '../src/db/seed/demo-french.ts';
import { LocalDiskStorage } from '../src/modules/files/storage.ts';

/**
 * The builder's widget (docs/public-pages.md, "The widget"): small, server-rendered, in the
 * project's brand, framed only where the project allows, the same for everyone, counted per site
 * without a cookie.
 */
const { app, db, config } = await createTestApp();
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...browserHeaders(), ...headers } });
const gzip = (text: string) => zlib.gzipSync(text).length;

async function setEmbed(embed: Record<string, unknown>) {
  const project = (await get('/api/project', { cookie: manager })).json();
  return app.inject({
    method: 'PATCH',
    url: `/api/projects/${project._id}`,
    headers: browserHeaders(manager),
    payload: { options: { embed } },
  });
}

describe("the widget's browser scripts, whoever compiled the server", () => {
  it('run in a browser when the server runs from its sources (tsx keeps function names with a helper of its own)', async () => {
    // The scripts as `npm run dev` serves them: the module compiled by tsx, as that command does.
    const printed = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./apps/server/src/modules/embed/embed.client.ts').then((m) => process.stdout.write(JSON.stringify([m.loaderScript('http://demo.localhost'), m.widgetScript(3)])))",
      ],
      { cwd: path.resolve(import.meta.dirname, '../../..'), encoding: 'utf8' },
    );
    const scripts = JSON.parse(printed) as string[];
    // tsx did wrap the functions (else this test proves nothing)…
    for (const script of scripts) expect(script).toContain('__name(');
    // …and each script runs on a page that defines no helper: a minimal document, no error.
    const element = () => ({
      addEventListener() {},
      setAttribute() {},
      replaceChildren() {},
      querySelector: () => null,
      querySelectorAll: () => [],
      style: {},
      dataset: {},
    });
    for (const script of scripts) {
      const page = {
        document: {
          referrer: '',
          documentElement: { scrollHeight: 100 },
          querySelectorAll: () => [],
          querySelector: () => null,
          createElement: element,
          addEventListener() {},
        },
        addEventListener() {},
        location: { origin: 'http://demo.localhost' },
        navigator: {},
        MutationObserver: class {
          observe() {}
        },
        ResizeObserver: class {
          observe() {}
        },
      } as Record<string, unknown>;
      page.window = page;
      page.parent = page;
      expect(() => vm.runInNewContext(script, page)).not.toThrow();
    }
  });
});

describe(`the builder's widget (${testDbKind})`, () => {
  it('is a small page in the brand with packages and their "from" prices, availability and a link to ask, framed by any site', async () => {
    const loader = await get('/embed.js');
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['content-type']).toMatch(/javascript/);
    expect(loader.body).toContain(`"http://${DEMO_HOST}"`);
    expect(gzip(loader.body)).toBeLessThanOrEqual(2 * 1024);

    const page = await get('/embed?show=packages,availability,grid,form');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('<h1>Maple Residences</h1>');
    // Described for a search engine in the project's own words, as its landing page is.
    expect(page.body).toContain('<meta name="description" content="Make it yours, room by room.">');
    expect(page.body).toMatch(/class="price">from \$[\d,]+\.\d\d</);
    expect(page.body).toMatch(/\d+ available/);
    expect(page.body).toContain('<caption>Homes by floor</caption>');
    // With no site listed, the form is not in the frame: a link opens it.
    expect(page.body).not.toContain('data-inquiry');
    expect(page.body).toContain('href="/inquire?utm_source=widget" target="_blank"');
    // No analytics, no third party: every address in the page is our own.
    expect(page.body.match(/(src|href)="https?:/g)).toBeNull();
    const script = await get('/embed/widget.js');
    expect(gzip(page.body) + gzip(script.body)).toBeLessThanOrEqual(15 * 1024);
  });

  it('is the same for a signed-in browser as for a visitor, and sets no cookie', async () => {
    const visitor = await get('/embed');
    const signedIn = await get('/embed', { cookie: buyer });
    expect(signedIn.body).toBe(visitor.body);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });

  it("is framed only by the project's sites once it lists them, with the inquiry form inside", async () => {
    const refused = await setEmbed({ origins: ['http://builder.example'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('https://');
    expect((await setEmbed({ sections: ['packages', 'nothing'] })).statusCode).toBe(400);
    expect(
      (await setEmbed({ sections: ['packages', 'availability', 'form'], origins: ['https://builder.example'] }))
        .statusCode,
    ).toBe(200);
    const page = await get('/embed?show=form,unknown');
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self' https:\/\/builder\.example(;|$)/);
    expect(page.body).toContain('data-inquiry');
    expect(page.body).toMatch(/<option value="plan:[0-9a-f-]{36}">/);
    // The news box is labelled in the page as served, before any script runs (a screen reader reads it at once).
    expect(page.body).toMatch(
      /<label class="check"><input type="checkbox" name="news"><span data-news-text>Yes, send me news and offers about Maple Residences[^<]+<\/span><\/label>/,
    );
    // A section the project does not offer is not shown, whatever the snippet asks.
    expect((await get('/embed?show=gallery')).body).toContain('Design packages');
  });

  it('counts views and clicks per site the project lists, any other as elsewhere, each bounded per address, for the managers only', async () => {
    const project = (await get('/api/project', { cookie: manager })).json() as { _id: string };
    const setOrigins = (origins: string[]) =>
      app.inject({
        method: 'PATCH',
        url: `/api/projects/${project._id}`,
        headers: browserHeaders(manager),
        payload: { options: { embed: { origins } } },
      });
    expect((await setOrigins(['https://www.builder.example'])).statusCode).toBe(200);
    try {
      await get('/embed', { referer: 'https://www.builder.example/homes?x=1' });
      await get('/embed', { referer: 'https://www.builder.example/other' });
      // A site the project does not list, however it is spelt, is one line: elsewhere.
      await get('/embed', { referer: 'https://invented-1.example/' });
      await get('/embed', { referer: 'https://invented-2.example/' });
      const click = await app.inject({
        method: 'POST',
        url: '/api/embed/click',
        headers: browserHeaders(),
        payload: { origin: 'https://www.builder.example' },
      });
      expect(click.statusCode).toBe(204);
      const figures = (await get('/api/manage/embed', { cookie: manager })).json() as {
        sites: Array<{ origin: string; views: number; clicks: number }>;
      };
      expect(figures.sites).toContainEqual({ origin: 'https://www.builder.example', views: 2, clicks: 1 });
      expect(figures.sites.map((site) => site.origin).sort()).toEqual(['elsewhere', 'https://www.builder.example']);
      expect((await get('/api/manage/embed', { cookie: buyer })).statusCode).toBe(403);
      // The dashboard's figures: every /embed this file asked for (1 + 2 + 2 + 4), and the one click.
      const board = (await get('/api/manage/dashboard', { cookie: manager })).json();
      expect(board.front).toMatchObject({ widgetViews: 9, widgetClicks: 1 });
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/embed/click',
            headers: browserHeaders(),
            payload: { origin: 42 },
          })
        ).statusCode,
      ).toBe(400);
      // A script inflating the figures from one address is counted up to its allowance: clicks are then
      // refused, views served but no longer counted.
      const flood = [];
      for (let i = 0; i < 130; i++) {
        flood.push(
          (
            await app.inject({
              method: 'POST',
              url: '/api/embed/click',
              headers: browserHeaders(),
              payload: { origin: 'https://inflate.example' },
              remoteAddress: '198.51.100.77',
            })
          ).statusCode,
        );
      }
      expect(flood.filter((status) => status === 204).length).toBe(120);
      expect(flood.at(-1)).toBe(429);
      const viewed = [];
      for (let i = 0; i < 130; i++)
        viewed.push(
          (
            await app.inject({
              method: 'GET',
              url: '/embed',
              headers: { ...browserHeaders(), referer: `https://www.builder.example/${i}` },
              remoteAddress: '198.51.100.78',
            })
          ).statusCode,
        );
      expect(viewed.every((status) => status === 200)).toBe(true);
      const figuresAfter = (await get('/api/manage/embed', { cookie: manager })).json() as typeof figures;
      // Elsewhere: the two invented sites and this file's earlier views, which named no site.
      expect(figuresAfter.sites).toContainEqual({ origin: 'elsewhere', views: 7, clicks: 120 });
      expect(figuresAfter.sites).toContainEqual({ origin: 'https://www.builder.example', views: 122, clicks: 1 });
    } finally {
      await setOrigins([]);
    }
  });

  it("names every finish photo in words beside it, in the visitor's language", async () => {
    await addDemoPhotos({ db, storage: new LocalDiskStorage(path.join(config.dataDir, 'files')), projectKey: 'demo' });
    expect((await setEmbed({ sections: ['gallery'] })).statusCode).toBe(200);
    const captions = async (language: string) => {
      const page = (await get('/embed?show=gallery', { 'accept-language': language })).body;
      const gallery = page.slice(page.indexOf('<ul class="gallery">'));
      const named = [...gallery.matchAll(/<figure><img [^>]*alt=""[^>]*><figcaption>([^<]+)<\/figcaption><\/figure>/g)];
      // Each photo, and only through its caption (an empty alt: a screen reader reads the name once).
      expect(named.length).toBe((gallery.match(/<img /g) ?? []).length);
      return named.map(([, name]) => name!.replaceAll('&amp;', '&'));
    };
    try {
      const english = await captions('en');
      expect(english.length).toBeGreaterThan(3);
      expect(english.every((name) => name.trim().length > 0)).toBe(true);
      // In French, each name the design centre translated, the English where it did not.
      expect(await captions('fr-CA')).toEqual(english.map((name) => DEMO_FRENCH[name] ?? name));
      expect(english.some((name) => DEMO_FRENCH[name])).toBe(true);
    } finally {
      await setEmbed({ sections: ['packages', 'availability', 'grid', 'form'] });
    }
  });
});
