/**
 * The public front door's figures (docs/public-pages.md): what a builder's page downloads for
 * the widget, how fast the widget's frame follows a change of width, and how long a browser
 * takes to solve the inquiry form's proof of work. Run by `npm run bench -- front`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';

type Get = (urlPath: string) => Promise<{ status: number; body: string }>;
type Line = (name: string, value: string) => void;

const gzipKb = (text: string) => (zlib.gzipSync(text, { level: 9 }).length / 1024).toFixed(1);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

export async function benchFront({
  port,
  get,
  browser,
  line,
}: {
  port: number;
  get: Get;
  browser: Browser;
  line: Line;
}) {
  const [loader, page, script] = await Promise.all([get('/embed.js'), get('/embed'), get('/embed/widget.js')]);
  line('widget loader /embed.js', `${gzipKb(loader.body)} KB gzip   (target: ≤ 2 KB)`);
  line(
    'widget page + script, every section',
    `${gzipKb(page.body)} + ${gzipKb(script.body)} KB gzip, images aside   (target: ≤ 15 KB)`,
  );

  // A builder's page on another origin with the snippet: the frame's height after each change of width.
  const portal = `http://demo.localhost:${port}`;
  const html = `<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0"><div data-decor-embed="packages,availability,grid,gallery"></div><script src="${portal}/embed.js"></script>`;
  const site = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(html),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const builder = await context.newPage();
    await builder.goto(`http://builder.localhost:${(site.address() as AddressInfo).port}/`);
    await builder.frameLocator('iframe').locator('h1').waitFor();
    await builder.waitForTimeout(500);
    const follow: number[] = [];
    for (const width of [375, 1280, 768, 414, 1024, 375, 1280, 600, 900, 375]) {
      const started = Date.now();
      await builder.setViewportSize({ width, height: 800 });
      // The frame is another origin: its content's height is read from inside it.
      const frame = builder.frames().find((f) => f.url().startsWith(portal))!;
      for (;;) {
        const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
        const outer = await builder.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height);
        if (Math.abs(inner - outer) <= 2) break;
        if (Date.now() - started > 5_000)
          throw new Error(`the frame did not fit at ${width} px: ${outer} for ${inner}`);
      }
      follow.push(Date.now() - started);
    }
    line(
      'widget frame fits its content after a resize',
      `p50 ${percentile(follow, 0.5)} ms, max ${Math.max(...follow)} ms over ${follow.length} widths   (target: ≤ 300 ms)`,
    );

    // The proof of work: solved in the form's worker as soon as the form arrives.
    const solved: number[] = [];
    for (let i = 0; i < 15; i++) {
      const visitor = await context.newPage();
      await visitor.goto(`${portal}/inquire`);
      await visitor.waitForFunction(() => document.documentElement.dataset.proofMs, null, { timeout: 30_000 });
      solved.push(Number(await visitor.evaluate(() => document.documentElement.dataset.proofMs)));
      await visitor.close();
    }
    line(
      'inquiry proof of work in Chromium',
      `p50 ${percentile(solved, 0.5)} ms, p90 ${percentile(solved, 0.9)} ms, max ${Math.max(...solved)} ms over ${solved.length} forms   (target: median ≤ 1 s on a mid-range phone)`,
    );
  } finally {
    await context.close();
    site.close();
  }
}
