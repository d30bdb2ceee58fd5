/// <reference lib="dom" />
// These functions run in browsers (their text is served): they are checked against the browser's types.
import { solveProofOfWork } from '@decor/core';

/**
 * The two small scripts of the builder's widget (docs/public-pages.md, "The widget"), written
 * here as self-contained functions (no import, no outer name) and served as their own text:
 *
 * - the loader, run by the builder's page: it puts an iframe in each
 *   `<div data-decor-embed="packages,availability">` and sizes it from the widget's height
 *   messages, accepted only from the portal's origin and from that very frame;
 * - the widget's own script, run inside the frame: it reports its height on every change,
 *   counts clicks, and runs the inquiry form (its token, its proof of work, its answer).
 */

/** The message the widget sends its parent page; nothing else is ever sent. */
export const HEIGHT_MESSAGE = 'decor:embed-height';

function loader(portal: string, type: string) {
  const frames: HTMLIFrameElement[] = [];
  window.addEventListener('message', (event) => {
    const data = event.data as { type?: string; height?: unknown } | null;
    if (event.origin !== portal || !data || data.type !== type) return;
    const height = Number(data.height);
    if (!(height >= 0 && height < 20000)) return;
    for (const frame of frames) if (frame.contentWindow === event.source) frame.style.height = `${Math.ceil(height)}px`;
  });
  const mount = (slot: Element) => {
    if (slot.getAttribute('data-decor-mounted')) return;
    slot.setAttribute('data-decor-mounted', '1');
    const frame = document.createElement('iframe');
    frame.src = `${portal}/embed?show=${encodeURIComponent(slot.getAttribute('data-decor-embed') ?? '')}`;
    frame.title = slot.getAttribute('data-decor-title') ?? 'Homes for sale';
    frame.loading = 'lazy';
    frame.setAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
    );
    frame.style.cssText = 'display:block;width:100%;border:0;height:480px';
    slot.replaceChildren(frame);
    frames.push(frame);
  };
  document.querySelectorAll('[data-decor-embed]').forEach(mount);
}

/**
 * A function's text as a browser runs it, whoever compiled the server: a build that keeps
 * function names (esbuild's keepNames, which tsx uses when the server runs from its sources)
 * calls a `__name` helper inside the text, which the browser must then have too. Every script
 * the server makes from a function starts with this definition (a no-op where it is unused).
 */
const NAME_HELPER = 'var __name=function(f){return f};';
const browserScript = (body: string) => `(function(){${NAME_HELPER}${body}})();`;

/** The loader's text, for a page of `portal` (the project's own origin). */
export function loaderScript(portal: string): string {
  return browserScript(`(${loader.toString()})(${JSON.stringify(portal)},${JSON.stringify(HEIGHT_MESSAGE)});`);
}

function widget(type: string, solverText: string, minSeconds: number) {
  let parentOrigin = '*';
  try {
    if (document.referrer) parentOrigin = new URL(document.referrer).origin;
  } catch {
    parentOrigin = '*';
  }
  let last = -1;
  const report = () => {
    const height = document.documentElement.scrollHeight;
    if (height === last || window.parent === window) return;
    last = height;
    window.parent.postMessage({ type, height }, parentOrigin);
  };
  new ResizeObserver(report).observe(document.body);
  report();

  // Clicks are counted per site, with no cookie and nothing about the person.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a[data-count]');
    if (!link) return;
    const body = JSON.stringify({ origin: parentOrigin === '*' ? null : parentOrigin });
    navigator.sendBeacon('/api/embed/click', new Blob([body], { type: 'application/json' }));
  });

  const form = document.querySelector<HTMLFormElement>('form[data-inquiry]');
  if (!form) return;
  const status = form.querySelector<HTMLElement>('[data-status]')!;
  // The page's sentences, in its language (embed.page.ts writes them).
  const words = JSON.parse(document.getElementById('widget-words')?.textContent ?? '{}') as Record<string, string>;
  const say = (text: string, problem: boolean) => {
    status.textContent = text;
    status.className = problem ? 'status problem' : 'status';
  };
  let ticket: Promise<{ token: string; proof: string; shownAt: number }>;
  const fresh = () => {
    ticket = fetch('/api/embed/form', { credentials: 'omit' })
      .then((response) => response.json())
      .then((issued: { token: string; challenge: object; newsText: string }) => {
        form.querySelector('[data-news-text]')!.textContent = issued.newsText;
        const source = `var solve=${solverText};onmessage=function(e){solve(e.data).then(function(p){postMessage(p)})}`;
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        const shownAt = Date.now();
        return new Promise((resolve, reject) => {
          worker.onmessage = (event: MessageEvent<string | null>) => {
            worker.terminate();
            if (event.data) resolve({ token: issued.token, proof: event.data, shownAt });
            else reject(new Error(words['check-failed']));
          };
          worker.onerror = () => reject(new Error(words['check-unavailable']));
          worker.postMessage(issued.challenge);
        });
      });
    ticket.catch((error: unknown) =>
      say(error instanceof Error && error.message ? error.message : words['not-prepared']!, true),
    );
  };
  fresh();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector('button')!;
    button.disabled = true;
    say(words.sending!, false);
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    const interest = value('interest');
    ticket
      .then(async ({ token, proof, shownAt }) => {
        const early = shownAt + minSeconds * 1000 + 250 - Date.now();
        if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
        const response = await fetch('/api/inquire', {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: value('firstName'),
            lastName: value('lastName'),
            email: value('email'),
            phone: value('phone'),
            message: value('message'),
            interest: interest ? { kind: interest.split(':')[0], id: interest.split(':')[1] } : null,
            news: (form.elements.namedItem('news') as HTMLInputElement).checked,
            website: value('website'),
            page: document.referrer.slice(0, 500),
            referrer: parentOrigin === '*' ? null : parentOrigin,
            token,
            proof,
          }),
        });
        if (response.ok) {
          const name = value('firstName');
          form.replaceChildren(status);
          say(words.thanks!.replace('{name}', name), false);
          return;
        }
        const refusal = (await response.json()) as { error: { message: string; key?: string } };
        if (refusal.error.key && refusal.error.key !== 'inquiry.too-fast' && refusal.error.key.startsWith('inquiry.'))
          fresh();
        say(refusal.error.message, true);
      })
      .catch(() => say(words['not-sent']!, true))
      .finally(() => {
        button.disabled = false;
      });
  });
}

/** The widget's script: its own text and the proof-of-work solver's, which it hands to a worker. */
export function widgetScript(minSeconds: number): string {
  // The worker runs the solver's text alone: it gets the helper too.
  const solver = `(function(){${NAME_HELPER}return ${solveProofOfWork.toString()}})()`;
  return browserScript(
    `(${widget.toString()})(${JSON.stringify(HEIGHT_MESSAGE)},${JSON.stringify(solver)},${minSeconds});`,
  );
}
