import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { origin, signIn, useBrowser, type BrowserSession } from './support/browser.ts';
import { E2E_DEMO_PASSWORD } from './support/global-setup.ts';

// With the page transitions on, as most people see them (decision 043).
const session = useBrowser({ motion: 'full' });
let browser: BrowserSession;
beforeEach(() => {
  browser = session();
});

async function landOn(path: string, projectKey: string | null = 'demo') {
  const { page } = browser;
  await page.goto(`${origin(projectKey)}${path}`);
  return page;
}

async function expectSignInWithNext(path: string, expectedNext = path, projectKey: string | null = 'demo') {
  const page = await landOn(path, projectKey);
  await page.waitForURL((url) => url.pathname === '/sign-in');
  const url = new URL(page.url());
  expect(url.searchParams.get('next')).toBe(expectedNext);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

describe('guards for a visitor (docs/screens.md)', () => {
  // Every page × every person is the table of src/route-guards.test.ts: here, that a page of
  // each layout runs its guard and the redirect lands where the decision says.
  for (const path of ['/', '/configure', '/config/0192e8c4-0000-7000-8000-000000000000', '/home', '/manage/carts']) {
    it(`sends a visitor on ${path} to /sign-in with next=${path}`, async () => {
      await expectSignInWithNext(path);
    });
  }

  it('keeps the query and hash of the original path in next', async () => {
    await expectSignInWithNext('/configure?room=kitchen&step=2#options');
  });

  it('sends a visitor on an admin route to /sign-in, first asking them to sign in', async () => {
    await expectSignInWithNext('/admin');
    await expectSignInWithNext('/admin/users');
    await expectSignInWithNext('/admin/configs/demo');
    await expectSignInWithNext('/admin/api');
  });

  it('applies the same guards on the bare portal host', async () => {
    await expectSignInWithNext('/configure', '/configure', null);
  });

  const publicRoutes: Array<[string, string]> = [
    ['/sign-in', 'Sign in'],
    ['/inquire/AGENT7', 'Ask about a home'],
    ['/v', 'This screen is ready for a project'],
    ['/400', 'This link cannot be used'],
  ];
  for (const [path, heading] of publicRoutes) {
    it(`lets a visitor see ${path}`, async () => {
      const page = await landOn(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  it('waits up to 5 s for auth, then treats the person as a visitor', async () => {
    // A page that does not say who it is for (the server writes it into every page it serves;
    // a page kept by a cache or a proxy may lack it) makes the app ask; /api/me never answers:
    // the guard must give up after its wait. A page of its own, so the changes end with it.
    const page = await browser.context.newPage();
    try {
      await page.addInitScript(() => {
        new MutationObserver(() => document.getElementById('viewer-data')?.remove()).observe(document, {
          childList: true,
          subtree: true,
        });
      });
      await page.route('**/api/me', () => {});
      const started = Date.now();
      await page.goto(`${origin()}/configure`);
      await page.waitForURL((url) => url.pathname === '/sign-in', { timeout: 15_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    } finally {
      await page.close();
    }
  });

  it('knows from the page that a stale session cookie is no session: no wait, no GET /api/me', async () => {
    const { page } = browser;
    await browser.context.addCookies([{ name: 'decor.session_token', value: 'stale.token', url: origin() }]);
    const asked: string[] = [];
    const listen = (request: import('playwright-core').Request) => {
      if (new URL(request.url()).pathname === '/api/me') asked.push(request.url());
    };
    page.on('request', listen);
    const started = Date.now();
    await page.goto(`${origin()}/configure`);
    await page.waitForURL((url) => url.pathname === '/sign-in', { timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(4_500);
    page.off('request', listen);
    await browser.context.clearCookies();
    expect(asked).toEqual([]);
  });

  it('knows a visitor from the page itself: no wait and no GET /api/me at all', async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') asked.push(request.url());
    });
    const started = Date.now();
    await page.goto(`${origin()}/configure`);
    await page.waitForURL((url) => url.pathname === '/sign-in', { timeout: 15_000 });
    await page.getByLabel('E-mail address').waitFor();
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(asked).toEqual([]);
  });
});

describe('manager routes (the server refuses the data; the guard keeps the screens away)', () => {
  afterEach(async () => {
    await browser.context.clearCookies();
  });
  const openAccountMenu = async (page: BrowserSession['page']) => {
    await page.getByRole('button', { name: /^Account/ }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    return menu;
  };
  const signInAndOpen = async (email: string, path: string) => {
    const { page } = browser;
    await browser.context.clearCookies();
    await signIn(page, { email, password: E2E_DEMO_PASSWORD, next: path });
    return page;
  };

  it('sends a buyer who opens the back office to their own home', async () => {
    const page = await signInAndOpen('sofia.martin@demo.test', '/manage');
    for (const path of ['/manage', '/manage/carts', '/manage/models/options', '/manage/settings']) {
      if (path !== '/manage') await page.goto(`${origin()}${path}`);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'My home' }).waitFor();
    }
  });

  it("sends another project's manager away from this project's back office", async () => {
    const page = await signInAndOpen('manager@harbour.test', '/manage/carts');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { name: 'Selections' }).count()).toBe(0);
  });

  it("lands the project's manager on the back office, with the way between areas and sign-out in the account menu", async () => {
    const page = await signInAndOpen('manager@demo.test', '/');
    await page.waitForURL((url) => url.pathname === '/manage');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Back office' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    // No home of their own here: "My home" would only lead back to the back office.
    expect(await menu.getByRole('menuitem', { name: 'My home' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
  });

  it('shows a buyer no way into the back office', async () => {
    const page = await signInAndOpen('marcus.reid@demo.test', '/');
    await page.getByRole('heading', { name: 'My home' }).waitFor();
    const menu = await openAccountMenu(page);
    expect(await menu.getByRole('menuitem', { name: 'Back office' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it("lets the project's manager in", async () => {
    const page = await signInAndOpen('manager@demo.test', '/manage/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/manage/settings');
  });
});

describe('/embed', () => {
  it('bypasses every guard and shows the project', async () => {
    const page = await landOn('/embed');
    await page.getByRole('heading', { name: 'Maple Residences' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/embed');
  });

  it('is reachable even when auth never becomes ready', async () => {
    const { page } = browser;
    await page.route('**/api/me', () => {});
    await page.goto(`${origin()}/embed`);
    await page.getByRole('heading', { name: 'Maple Residences' }).waitFor({ timeout: 3_000 });
    await page.unroute('**/api/me');
  });
});

describe('unknown routes', () => {
  it('show the not-found page', async () => {
    for (const path of ['/no-such-page', '/configure/extra/segments', '/admin-panel']) {
      const page = await landOn(path);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  it('inside a guarded area ask a visitor to sign in first, revealing nothing', async () => {
    await expectSignInWithNext('/manage/no/such/thing');
  });
});

describe('/p/{projectKey}/{rest}', () => {
  it('sends the browser to the project subdomain keeping path, query and hash', async () => {
    const page = await landOn('/p/harbour/embed?ref=site#gallery', null);
    await page.waitForURL((url) => url.hostname === 'harbour.localhost');
    const url = new URL(page.url());
    expect(url.pathname + url.search + url.hash).toBe('/embed?ref=site#gallery');
    await page.getByRole('heading', { name: 'Harbour Lofts' }).waitFor();
  });

  it('goes to the project root when there is no rest', async () => {
    const page = await landOn('/p/demo', null);
    await page.waitForURL((url) => url.hostname === 'demo.localhost');
    // The root needs sign-in, so the visitor ends on the project's sign-in page.
    await page.waitForURL((url) => url.pathname === '/sign-in');
  });
});
