import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';

declare global {
  interface Window {
    Scalar?: { createApiReference: (element: HTMLElement, options: Record<string, unknown>) => { destroy?: () => void } };
  }
}

const SCRIPT_URL = '/api/reference/script.js';

function loadScript(): Promise<void> {
  if (window.Scalar) return Promise.resolve();
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`);
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('The API reference could not be loaded.')));
    if (!existing) {
      script.src = SCRIPT_URL;
      document.head.appendChild(script);
    }
  });
}

/**
 * Scalar's light theme in colours that read (WCAG AA, 4.5:1): its secondary greys and the
 * colours of its method labels, darker.
 */
const READABLE_CSS = `
.light-mode, .light-mode .t-doc__sidebar {
  --scalar-color-2: #3f444a; --scalar-color-3: #4f555b;
  --scalar-sidebar-color-2: #3f444a; --scalar-sidebar-search-color: #4f555b;
  --scalar-color-green: #1b6b2c; --scalar-color-blue: #0b4f8a; --scalar-color-orange: #8a4300;
  --scalar-color-yellow: #7a5a00; --scalar-color-red: #a51d1d; --scalar-color-purple: #6b2fa0;
}`;

/**
 * What Scalar leaves unnamed gets a name: its icon-only buttons (named after what they open)
 * and its scrolling lists (reachable by keyboard). Run again whenever it redraws.
 */
function nameWhatIsUnnamed(root: HTMLElement) {
  for (const button of root.querySelectorAll('button')) {
    if (button.getAttribute('aria-label') || button.getAttribute('aria-labelledby') || button.innerText?.trim() || button.title) continue;
    const target = button.getAttribute('aria-controls') ? document.getElementById(button.getAttribute('aria-controls')!) : null;
    const heading = target?.closest('section, div')?.querySelector('h1, h2, h3, h4')?.textContent?.trim();
    button.setAttribute('aria-label', heading ? `Show or hide ${heading}` : 'Show or hide');
  }
  for (const region of root.querySelectorAll<HTMLElement>('.endpoints')) {
    if (!region.hasAttribute('tabindex')) region.setAttribute('tabindex', '0');
  }
}

/** The interactive reference of every API route (Scalar, served by our own server from the OpenAPI description). */
export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');

  useEffect(() => {
    let app: { destroy?: () => void } | undefined;
    let observer: MutationObserver | undefined;
    let isCancelled = false;
    loadScript()
      .then(() => {
        if (isCancelled || !container.current || !window.Scalar) return;
        app = window.Scalar.createApiReference(container.current, {
          url: '/api/openapi.json',
          withDefaultFonts: false,
          hideDarkModeToggle: true,
          forceDarkModeState: 'light',
          hideClientButton: false,
          layout: 'modern',
          customCss: READABLE_CSS,
        });
        const root = container.current;
        observer = new MutationObserver(() => nameWhatIsUnnamed(root));
        observer.observe(root, { childList: true, subtree: true });
        nameWhatIsUnnamed(root);
        setState('ready');
      })
      .catch((error: Error) => setState(error.message));
    return () => {
      isCancelled = true;
      observer?.disconnect();
      app?.destroy?.();
    };
  }, []);

  return (
    <Stack>
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
