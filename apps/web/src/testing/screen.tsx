import { Suspense, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { renderWithTheme } from './render.tsx';

/** A request a screen made, as the API received it. */
export interface Asked {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** What the API answers a request: a status and a JSON body (an error's as the server writes it). */
export type Answer = { status?: number; body?: unknown };

/**
 * The API a component test draws a screen against: each `METHOD /path` (the path without its
 * query) answers as given, or as the function given decides from the request; anything else is
 * a 404 the test sees in `asked`. The network is the one thing replaced here; the server's own
 * answers are the server suite's, and the browser journeys drive both together.
 */
export function fakeApi(routes: Record<string, Answer | ((asked: Asked) => Answer)>) {
  const asked: Asked[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://demo.localhost');
      const request: Asked = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
      };
      asked.push(request);
      const route = routes[`${request.method} ${request.path}`];
      const { status = 200, body = {} } =
        typeof route === 'function'
          ? route(request)
          : (route ?? { status: 404, body: { error: { code: 'not_found', message: 'No such route in this test.' } } });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { asked, sent: (method: string, path: string) => asked.filter((a) => a.method === method && a.path === path) };
}

/** Draws a screen as the app does: the theme, a query client of its own, and its sentences loaded. */
export function renderScreen(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>{ui}</Suspense>
    </QueryClientProvider>,
  );
}
