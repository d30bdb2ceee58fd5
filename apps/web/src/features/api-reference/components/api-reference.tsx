import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';

type SwaggerUi = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUi;
  }
}

/** Swagger UI's script and styles, served by our own server (never fetched from elsewhere). */
const SCRIPT_URL = '/api/reference/script.js';
const STYLE_URL = '/api/reference/style.css';

function load<T extends HTMLScriptElement | HTMLLinkElement>(selector: string, create: () => T): Promise<void> {
  const existing = document.querySelector<T>(selector);
  if (existing?.dataset.loaded) return Promise.resolve();
  const element = existing ?? create();
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => {
      element.dataset.loaded = '1';
      resolve();
    });
    element.addEventListener('error', () => reject(new Error('The API reference could not be loaded.')));
    if (!existing) document.head.appendChild(element);
  });
}

const loadAssets = () =>
  Promise.all([
    load(`link[href="${STYLE_URL}"]`, () =>
      Object.assign(document.createElement('link'), { rel: 'stylesheet', href: STYLE_URL }),
    ),
    window.SwaggerUIBundle
      ? Promise.resolve()
      : load(`script[src="${SCRIPT_URL}"]`, () => Object.assign(document.createElement('script'), { src: SCRIPT_URL })),
  ]);

/**
 * Swagger UI in colours that read (WCAG AA, 4.5:1): its method labels (white on light
 * green, orange, blue) and its grey texts, darker.
 */
const READABLE_CSS = `
[data-testid="api-reference"] .swagger-ui .btn.authorize { color: #1b6b2c; border-color: #1b6b2c; }
[data-testid="api-reference"] .swagger-ui .btn.authorize svg { fill: #1b6b2c; }
[data-testid="api-reference"] .swagger-ui .opblock-get .opblock-summary-method { background: #0b5394; }
[data-testid="api-reference"] .swagger-ui .opblock-post .opblock-summary-method { background: #1b6b2c; }
[data-testid="api-reference"] .swagger-ui .opblock-put .opblock-summary-method { background: #8a4300; }
[data-testid="api-reference"] .swagger-ui .opblock-patch .opblock-summary-method { background: #0f6b5c; }
[data-testid="api-reference"] .swagger-ui .opblock-delete .opblock-summary-method { background: #a51d1d; }
[data-testid="api-reference"] .swagger-ui .info .title small { background: #4f555b; }
[data-testid="api-reference"] .swagger-ui .info .title small.version-stamp { background: #1b6b2c; }
[data-testid="api-reference"] .swagger-ui .opblock-tag small,
[data-testid="api-reference"] .swagger-ui .opblock .opblock-summary-description,
[data-testid="api-reference"] .swagger-ui .opblock .opblock-summary-path,
[data-testid="api-reference"] .swagger-ui .info .base-url { color: #3f444a; }
[data-testid="api-reference"] .swagger-ui .opblock-summary-path__deprecated { color: #3f444a; }
[data-testid="api-reference"] .swagger-ui .info .url, [data-testid="api-reference"] .swagger-ui .info a { color: #0b4f8a; }
`;

/**
 * What Swagger UI leaves unnamed gets a name: its icon-only buttons (the copy and expand
 * arrows, named after their operation) and form fields without a label. Run again whenever it redraws.
 */
function nameWhatIsUnnamed(root: HTMLElement) {
  for (const button of root.querySelectorAll('button')) {
    if (
      button.getAttribute('aria-label') ||
      button.getAttribute('aria-labelledby') ||
      button.textContent?.trim() ||
      button.title
    )
      continue;
    const operation = button.closest('.opblock')?.querySelector('.opblock-summary-path')?.textContent?.trim();
    const tag = button.closest('.opblock-tag-section')?.querySelector('.opblock-tag')?.getAttribute('data-tag');
    const what = operation ?? tag;
    button.setAttribute(
      'aria-label',
      button.classList.contains('copy-to-clipboard')
        ? `Copy ${what ?? 'the path'}`
        : `Show or hide ${what ?? 'details'}`,
    );
  }
  for (const field of root.querySelectorAll<HTMLElement>('select, input, textarea')) {
    if (field.getAttribute('aria-label') || (field.id && root.querySelector(`label[for="${field.id}"]`))) continue;
    const name =
      field.closest('tr')?.querySelector('.parameter__name')?.textContent?.trim() ??
      field.getAttribute('placeholder') ??
      'Value';
    field.setAttribute('aria-label', name);
  }
}

/** The interactive reference of every API route (Swagger UI, from the OpenAPI description at /api/openapi.json). */
export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');

  useEffect(() => {
    // The element the reference draws into, as it is now: emptied again when the page leaves.
    const node = container.current;
    let observer: MutationObserver | undefined;
    let isCancelled = false;
    loadAssets()
      .then(() => {
        const root = container.current;
        if (isCancelled || !root || !window.SwaggerUIBundle) return;
        observer = new MutationObserver(() => nameWhatIsUnnamed(root));
        observer.observe(root, { childList: true, subtree: true });
        window.SwaggerUIBundle({
          url: '/api/openapi.json',
          domNode: root,
          presets: [window.SwaggerUIBundle.presets.apis],
          layout: 'BaseLayout',
          deepLinking: false,
          docExpansion: 'list',
          defaultModelsExpandDepth: -1,
          tryItOutEnabled: false,
          // Calls made from the page carry the admin's own session cookie, nothing else.
          withCredentials: true,
          onComplete: () => setState('ready'),
        });
      })
      .catch((error: Error) => setState(error.message));
    return () => {
      isCancelled = true;
      observer?.disconnect();
      node?.replaceChildren();
    };
  }, []);

  return (
    <Stack>
      <style>{READABLE_CSS}</style>
      {state === 'loading' && (
        <Stack align="center" py="xl">
          <Loader />
          <Text c="dimmed">Loading the API reference…</Text>
        </Stack>
      )}
      {state !== 'loading' && state !== 'ready' && <Alert color="red">{state}</Alert>}
      <div ref={container} data-testid="api-reference" />
    </Stack>
  );
}
