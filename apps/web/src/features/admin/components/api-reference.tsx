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

/** The interactive reference of every API route (Scalar, served by our own server from the OpenAPI description). */
export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');

  useEffect(() => {
    let app: { destroy?: () => void } | undefined;
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
        });
        setState('ready');
      })
      .catch((error: Error) => setState(error.message));
    return () => {
      isCancelled = true;
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
