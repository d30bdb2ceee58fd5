/**
 * Chromium (Debian's, or the registry's: support/chromium.ts) driven by playwright-core (docs/architecture.md): one
 * browser per test file, a fresh context per journey, loopback only, and every unexpected console error collected so
 * that a test can fail on it.
 */
import crypto from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chromiumLaunch } from './chromium.ts';
import { callPortal } from './portal-call.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Console messages that are expected: the browser itself logs every 4xx answer (a refused upload, a visitor's 401). */
const EXPECTED_CONSOLE = [
  /Failed to load resource: the server responded with a status of 4\d\d/,
  // The browser's own words when a live connection or a request meets a server that went away (the failover journey); the page reconnects.
  /WebSocket connection to '.*' failed/,
  /Failed to load resource: net::ERR_(EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_REFUSED|CONNECTION_CLOSED)/,
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  close(): Promise<void>;
}

export interface OpenBrowserInput {
  viewport?: { width: number; height: number };
  isMobile?: boolean;
  /** A profile folder (to close and reopen "the same browser"): a browser of its own, kept after close. */
  profile?: string;
  /** More Chromium switches, e.g. `--disable-3d-apis` for a browser without WebGL. */
  extraArgs?: string[];
  /** Where downloads may be saved (playwright's `acceptDownloads`). */
  acceptDownloads?: boolean;
  /** The browser's own time zone (a person reading from elsewhere), e.g. "Asia/Tokyo". */
  timezoneId?: string;
  /** The browser's language (navigator.language and Accept-Language), e.g. "fr-CA". */
  locale?: string;
  /**
   * What the browser tells pages of motion: `reduce` (most journeys: the page transitions are
   * skipped, so a click waits for nothing to stop moving and no transition frames are drawn), or
   * `full`, as most people's browsers say (the journeys that walk between pages). Decision 043.
   */
  motion?: 'reduce' | 'full';
}

/**
 * One Chromium per test file (per set of switches), launched when a journey first asks: each
 * journey then gets a context of its own (its own cookies, storage, viewport), which costs a
 * fraction of launching a browser. Closed when the file's tests are done (support/each-file.ts).
 */
const sharedBrowsers = new Map<string, Promise<Browser>>();
function sharedBrowser(extraArgs: string[]): Promise<Browser> {
  const key = extraArgs.join(' ');
  let browser = sharedBrowsers.get(key);
  if (!browser) {
    browser = chromium.launch({ ...chromiumLaunch(), args: [...CHROMIUM_ARGS, ...extraArgs] });
    sharedBrowsers.set(key, browser);
  }
  return browser;
}

/** Closes the file's shared browsers; the next file launches its own. */
export async function closeSharedBrowsers() {
  const open = [...sharedBrowsers.values()];
  sharedBrowsers.clear();
  await Promise.all(open.map(async (browser) => (await browser).close()));
}

/** Inside a test run the browser is shared within a file; elsewhere (the bench) each session has its own. */
const isInTestFile = Boolean(process.env.VITEST);

/** Collects the console errors no test expects, on every page of a context. */
function watchConsole(context: BrowserContext, page: Page): string[] {
  const consoleErrors: string[] = [];
  const watch = (p: Page) => {
    p.on('console', (message) => {
      if (message.type() === 'error' && !EXPECTED_CONSOLE.some((pattern) => pattern.test(message.text()))) {
        consoleErrors.push(message.text());
      }
    });
    p.on('pageerror', (error) => consoleErrors.push(error.message));
  };
  watch(page);
  context.on('page', watch);
  return consoleErrors;
}

/**
 * A browser for one journey: a new context of the file's Chromium, or, given a profile folder,
 * a browser of its own on that profile (to close and reopen "the same browser").
 */
export async function openBrowser({
  viewport = DESKTOP,
  isMobile = false,
  profile,
  extraArgs = [],
  acceptDownloads = true,
  timezoneId,
  locale,
  motion = 'reduce',
}: OpenBrowserInput = {}): Promise<BrowserSession> {
  const options = {
    acceptDownloads,
    reducedMotion: motion === 'reduce' ? ('reduce' as const) : ('no-preference' as const),
    ...(timezoneId ? { timezoneId } : {}),
    ...(locale ? { locale } : {}),
    viewport,
    isMobile,
    hasTouch: isMobile,
    // Each browser is its own client behind the test server's trusted proxy, as people on
    // their own connections are: the per-address abuse limits then count per browser.
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${crypto.randomInt(0, 250)}.${crypto.randomInt(1, 250)}` },
  };
  const own =
    !profile && !isInTestFile
      ? await chromium.launch({ ...chromiumLaunch(), args: [...CHROMIUM_ARGS, ...extraArgs] })
      : null;
  const context = profile
    ? await chromium.launchPersistentContext(profile, {
        ...chromiumLaunch(),
        args: [...CHROMIUM_ARGS, ...extraArgs],
        ...options,
      })
    : await (own ?? (await sharedBrowser(extraArgs))).newContext(options);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    consoleErrors: watchConsole(context, page),
    close: async () => {
      await context.close();
      await own?.close();
    },
  };
}

/** The portal's origin for a project subdomain (Chromium resolves *.localhost to loopback). */
export function origin(projectKey: string | null = 'demo'): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set: the e2e global setup starts the server.');
  return projectKey ? `http://${projectKey}.localhost:${port}` : `http://localhost:${port}`;
}

/**
 * Signs in without the sign-in page: the identity provider's own sign-in call, made from the
 * browser's context so that the session cookie it sets is the browser's (one request, no page
 * to draw and fill), then the page at `next`. The tests about signing in use the page itself
 * (`signInThroughPage`).
 */
export async function signIn(
  page: Page,
  {
    email,
    password,
    projectKey = 'demo',
    next = '/',
  }: { email: string; password: string; projectKey?: string | null; next?: string },
) {
  const at = new URL(origin(projectKey));
  const answer = await callPortal({
    host: at.host,
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: { email, password, rememberMe: true },
    headers: { 'x-forwarded-for': `10.78.${crypto.randomInt(0, 250)}.${crypto.randomInt(1, 250)}` },
  });
  if (answer.status !== 200) throw new Error(`${email} could not sign in: ${answer.status} ${answer.text}`);
  await page.context().addCookies(answer.setCookies.map((header) => cookieOf(header, at.origin)));
  await page.goto(`${at.origin}${next}`);
}

/** A Set-Cookie header as playwright adds a cookie: for the address that set it. */
function cookieOf(header: string, url: string) {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  const attribute = (name: string) => attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.split('=')[1];
  const maxAge = Number(attribute('max-age'));
  const sameSite = attribute('samesite')?.toLowerCase();
  return {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
    url,
    httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
    ...(Number.isFinite(maxAge) && maxAge > 0 ? { expires: Math.floor(Date.now() / 1000) + maxAge } : {}),
    sameSite: sameSite === 'strict' ? ('Strict' as const) : sameSite === 'none' ? ('None' as const) : ('Lax' as const),
  };
}

/** Signs in through the sign-in page as a person would. */
export async function signInThroughPage(
  page: Page,
  {
    email,
    password,
    rememberMe = true,
    projectKey = 'demo',
    next = '/',
    at,
  }: {
    email: string;
    password: string;
    rememberMe?: boolean;
    projectKey?: string | null;
    next?: string;
    /** Another origin, e.g. the bare IP address. */ at?: string;
  },
) {
  await page.goto(`${at ?? origin(projectKey)}/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  const remember = page.getByLabel('Remember me on this device');
  if ((await remember.isChecked()) !== rememberMe) await remember.click();
  await page.locator('form button[type=submit]').click();
  // The address changes as soon as the app sets off for the next page, while the sign-in page
  // is still on screen (until the next page's guard and code are in): done when it has gone,
  // or when it says why not.
  await page.waitForFunction(
    () => !document.querySelector('[data-page="/sign-in"]') || document.querySelector('[data-testid="sign-in-error"]'),
  );
}

/**
 * One browser for a test file: opened before its tests, closed after, and every test
 * fails on an unexpected console error. Returns a getter for the open session.
 */
export function useBrowser(input: OpenBrowserInput = {}): () => BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await openBrowser(input);
  });
  afterAll(async () => session?.close());
  afterEach(() => {
    const errors = [...(session?.consoleErrors ?? [])];
    if (session) session.consoleErrors.length = 0;
    expect(errors).toEqual([]);
  });
  return () => {
    if (!session) throw new Error('the browser is not open yet');
    return session;
  };
}

/**
 * Opens `count` browsers of their own for one journey (several people at once), fails it on
 * any unexpected console error of theirs, and closes them whatever happens.
 */
export async function withBrowsers(
  count: number,
  options: OpenBrowserInput,
  journey: (browsers: BrowserSession[]) => Promise<void>,
) {
  const browsers = await Promise.all(Array.from({ length: count }, () => openBrowser(options)));
  try {
    await journey(browsers);
    for (const browser of browsers) expect(browser.consoleErrors).toEqual([]);
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
  }
}
