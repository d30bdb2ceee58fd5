/**
 * The 3D scene with textured finishes on a phone (docs/3d.md, "Textures"), run by
 * `npm run bench -- textures`: every option with a swatch gets a 1024 × 1024 photograph-like
 * texture, and a buyer opens /explore on a 390 × 844 page throttled as Lighthouse's mobile
 * preset is (150 ms round trips, 1.6 Mbit/s down, the CPU slowed 4×). Figures: the first 3D
 * frame, every texture on screen, a room switched back to once its textures are cached, and
 * the memory of Chromium's processes (page and GPU) with the KTX2 textures and, for comparison,
 * with the WebP thumbnails the scene falls back to.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';

type Line = (name: string, value: string) => void;
type SignIn = (context: BrowserContext, port: number, email?: string) => Promise<void>;

/** Lighthouse's mobile preset (its `throttling.mobileSlow4G`), applied by Chromium itself. */
const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export async function benchTextures({
  port,
  launch,
  line,
  signIn,
}: {
  port: number;
  /** A new browser, and its own process, whose descendants are measured. */
  launch: () => Promise<{ browser: Browser; pid: number }>;
  line: Line;
  signIn: SignIn;
}) {
  const origin = `http://demo.localhost:${port}`;
  const setup = await launch();
  const textured = await giveEveryFinishATexture(setup.browser, port, signIn).finally(() => setup.browser.close());
  line(
    'finishes given a texture',
    `${textured.options} options, KTX2 ${textured.ktx2Kb} KB, WebP ${textured.webpKb} KB (each on average)`,
  );

  for (const compressed of [true, false]) {
    // A browser of its own each time: nothing cached, no process left from the run before.
    const { browser, pid: browserPid } = await launch();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await signIn(context, port);
      const page = await context.newPage();
      // The fallback's figures: the KTX2 files refused, the scene draws the WebP thumbnails.
      if (!compressed) await page.route(/\?texture=ktx2/, (route) => route.fulfill({ status: 404, body: '{}' }));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // What the browser holds before the app: a page of JSON from the same origin.
      await page.goto(`${origin}/api/health`);
      const before = processMemory(browserPid);
      const textures = watchTextures(page, compressed);
      const started = performance.now();
      await page.goto(`${origin}/explore`);
      await page.waitForSelector('[data-testid="scene-frame"][data-ready]', { timeout: 120_000 });
      const firstFrame = performance.now() - started;
      if (process.env.BENCH_DETAIL)
        console.log(
          await page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .map(
                (entry) =>
                  `${Math.round(entry.startTime)}–${Math.round((entry as PerformanceResourceTiming).responseEnd)} ${entry.name.split('/').pop()}`,
              )
              .join('\n'),
          ),
        );
      const room = (await page.getByTestId('current-room').textContent()) ?? '';
      await textures.allShown();
      const allTextures = performance.now() - started;
      const label = compressed ? 'KTX2' : 'WebP (fallback)';
      line(
        `/explore on a phone, ${label}`,
        `first 3D frame ${(firstFrame / 1000).toFixed(1)} s (target ≤ 3 s), its ${textures.count()} textures ${(allTextures / 1000).toFixed(1)} s (${room})`,
      );
      // Another room, then back: its textures are in the page's cache, nothing is downloaded.
      const rooms = page.getByRole('group', { name: 'Floor plan: choose a room' }).getByRole('button');
      const names = (await rooms.allTextContents()).filter((name) => name && name !== room);
      const switches: number[] = [];
      for (const other of [names[0]!, room, names[0]!, room]) {
        const at = performance.now();
        await rooms.filter({ hasText: other }).first().click();
        await page.waitForFunction(
          (name) =>
            document.querySelector('[data-testid="current-room"]')?.textContent === name &&
            document.querySelector('[data-testid="scene-frame"][data-ready]') !== null,
          other,
          { polling: 'raf', timeout: 60_000 },
        );
        switches.push(performance.now() - at);
      }
      line(
        `a room's textures once cached, ${label}`,
        `${Math.round(Math.min(...switches.slice(1)))}–${Math.round(Math.max(...switches.slice(1)))} ms from the tap to the room drawn (target ≤ 100 ms)`,
      );
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
      if (compressed) {
        const formats = await page.evaluate(() => {
          const gl = document.createElement('canvas').getContext('webgl2');
          const names = ['astc', 'etc', 's3tc', 'bptc', 'pvrtc'] as const;
          return names.filter((name) =>
            gl
              ?.getSupportedExtensions()
              ?.some((extension) => extension.toLowerCase().includes(`compressed_texture_${name}`)),
          );
        });
        line(
          'compressed formats this GPU reads',
          `${formats.join(', ') || 'none (the transcoder gives RGBA)'}; a 512² texture with its mipmaps holds ${formats.length ? '171 KB (4 bits a pixel)' : '1.3 MB'} on the GPU, an 800² WebP 3.3 MB`,
        );
      }
      line(
        `memory with the room drawn, ${label}`,
        `+${megabytes(processMemory(browserPid) - before)} MB resident in Chromium's page and GPU processes over a JSON page's (target ≤ 150 MB), the page's JS heap ${megabytes(heap)} MB`,
      );
    } finally {
      await browser.close();
    }
  }
}

/** The process of a browser started with `marker` among its arguments (and not one of its children). */
export function processWith(marker: string): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes(marker) && !args.some((arg) => arg.startsWith('--type='))) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no browser process with ${marker}`);
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** Uploads a generated photograph for every option with a swatch, as a manager, and waits until each has its KTX2 file. */
async function giveEveryFinishATexture(browser: Browser, port: number, signIn: SignIn) {
  const context = await browser.newContext();
  try {
    await signIn(context, port, 'manager@demo.test');
    const page = await context.newPage();
    await page.goto(`http://demo.localhost:${port}/api/health`);
    return await page.evaluate(async () => {
      const options = (await (await fetch('/api/schema/options/?limit=200')).json()) as Array<{
        _id: string;
        _version: number;
        swatch?: { color?: string };
      }>;
      const withSwatch = options.filter((option) => option.swatch?.color);
      const sizes = { ktx2: 0, webp: 0 };
      for (const [index, option] of withSwatch.entries()) {
        // A photograph-like tile: the swatch's colour with grain, so that it does not compress to nothing.
        const canvas = new OffscreenCanvas(1024, 1024);
        const context = canvas.getContext('2d')!;
        context.fillStyle = option.swatch!.color!;
        context.fillRect(0, 0, 1024, 1024);
        for (let i = 0; i < 6000; i++) {
          context.fillStyle = `rgba(${(i * 37 + index) % 255}, ${(i * 11) % 255}, ${(i * 7) % 255}, 0.08)`;
          context.fillRect((i * 97) % 1024, (i * 61) % 1024, 6 + (i % 40), 2 + (i % 9));
        }
        const form = new FormData();
        form.append('configs', JSON.stringify({ purpose: 'catalogue' }));
        form.append('file', await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 }), `texture-${index}.jpg`);
        const uploaded = (await (await fetch('/api/files', { method: 'POST', body: form })).json()) as { _id: string };
        await fetch(`/api/schema/options/${option._id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            swatch: { ...option.swatch, texture: uploaded._id, scale: 0.6 },
            _version: option._version,
          }),
        });
        sizes.ktx2 += (await (await fetch(`/api/files/${uploaded._id}?texture=ktx2`)).arrayBuffer()).byteLength;
        sizes.webp += (await (await fetch(`/api/files/${uploaded._id}?thumb=800`)).arrayBuffer()).byteLength;
      }
      // No function is declared in here: the bench's compiler would name it with a helper the page lacks.
      const count = Math.max(1, withSwatch.length);
      return {
        options: withSwatch.length,
        ktx2Kb: (sizes.ktx2 / count / 1024).toFixed(0),
        webpKb: (sizes.webp / count / 1024).toFixed(0),
      };
    });
  } finally {
    await context.close();
  }
}

/** Counts the textures the scene asks for, and waits until every one has arrived and two more frames are drawn. */
function watchTextures(page: Page, compressed: boolean) {
  const pattern = compressed ? /\?texture=ktx2/ : /\?thumb=800/;
  const pending = new Set<string>();
  let asked = 0;
  page.on('request', (request) => {
    if (!pattern.test(request.url())) return;
    asked++;
    pending.add(request.url());
  });
  const done = (url: string) => pending.delete(url);
  page.on('requestfinished', (request) => done(request.url()));
  page.on('requestfailed', (request) => done(request.url()));
  return {
    count: () => asked,
    async allShown() {
      // Asked once the first frame is up; then arrived, transcoded and drawn.
      await page.waitForTimeout(500);
      while (pending.size) await page.waitForTimeout(50);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    },
  };
}

/** Resident memory of every process under the browser's (its page, GPU and helper processes), from /proc. */
function processMemory(browserPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        const status = fs.readFileSync(`/proc/${child}/status`, 'utf8');
        const type = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8');
        // The page's renderer and the GPU process: what a phone's tab holds for this page.
        if (/--type=(renderer|gpu-process)/.test(type)) total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      } catch {
        // gone meanwhile
      }
      visit(child);
    }
  };
  visit(browserPid);
  return total;
}
