/**
 * What a page downloads before it is drawn, and in how many rounds (docs/performance.md, "Page
 * weight"): every script and style sheet with its gzip size, and for each the round in which the
 * browser learnt of it — 1 when the HTML names it (a script or a preload link), 2 when a script of
 * round 1 asked for it, and so on. A page whose files are all in round 1 needs no script to run
 * before its next file is asked for. Read from Chromium's own record of who asked (the DevTools
 * protocol's initiator), shared by the page-weight test and `npm run bench -- bundles`.
 */
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

export interface LoadedFile {
  url: string;
  /** The file's name, without its folder. */
  name: string;
  kind: 'script' | 'stylesheet';
  /** Its size compressed as gzip (level 6), whatever the server sent. */
  gzip: number;
  /** The bytes that crossed the wire for it (the server's own compression). */
  wire: number;
  round: number;
  /** When the browser asked for it (`Date.now()`), to tell what a page needs to draw from what it fetches after. */
  askedAt: number;
}

interface Initiator {
  type: string;
  url?: string;
  stack?: { callFrames: Array<{ url: string }>; parent?: Initiator['stack'] };
}

/** The first script named by an initiator's stack (its own frames, then the async parents'). */
function initiatorUrl(initiator: Initiator): string | undefined {
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return undefined;
}

/**
 * Records what `page` downloads from now on. `files()` waits for the bodies and returns them;
 * call it once the page is drawn.
 */
export async function recordLoads(page: Page) {
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  const asker = new Map<string, string | undefined>();
  const askedAt = new Map<string, number>();
  let documentUrl = '';
  client.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documentUrl = event.request.url;
    asker.set(event.request.url, initiatorUrl(event.initiator as Initiator));
    if (!askedAt.has(event.request.url)) askedAt.set(event.request.url, Date.now());
  });
  const roundOf = (url: string, seen = new Set<string>()): number => {
    const from = asker.get(url);
    if (!from || from === documentUrl || seen.has(url)) return 1;
    seen.add(url);
    return roundOf(from, seen) + 1;
  };
  const pending: Array<Promise<Omit<LoadedFile, 'round' | 'askedAt'> | null>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const kind: LoadedFile['kind'] = type;
    pending.push(
      Promise.all([response.body(), response.request().sizes()])
        .then(([body, sizes]) => ({
          url: response.url(),
          name: new URL(response.url()).pathname.split('/').pop() ?? '',
          kind,
          gzip: zlib.gzipSync(body).length,
          wire: Math.max(0, sizes.responseBodySize),
        }))
        // A response the page no longer wants (a navigation away) has no body: not a file it drew with.
        .catch(() => null),
    );
  });
  return {
    async files(): Promise<LoadedFile[]> {
      const files = (await Promise.all(pending)).filter((file) => file !== null);
      await client.detach().catch(() => {});
      return files.map((file) => ({ ...file, round: roundOf(file.url), askedAt: askedAt.get(file.url) ?? Date.now() }));
    },
  };
}

/** The sum of the files' gzip sizes, of one kind. */
export const gzipOf = (files: LoadedFile[], kind: LoadedFile['kind'] = 'script') =>
  files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.gzip, 0);

/** One line per file, largest first, with its round: what a failed budget prints. */
export const listing = (files: LoadedFile[]) =>
  [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((file) => `${(file.gzip / 1024).toFixed(1)} KB ${file.name} (round ${file.round})`)
    .join('\n');
