import './zod-without-eval.ts';
import './mantine-globals.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles.css';
import { router } from './router.tsx';
import { queryClient } from './lib/query-client.ts';

/**
 * The page's style sheets, which the page names for print so that they never hold its first paint
 * (the loading shell carries its own styles): applied once loaded, before the app draws anything
 * (docs/performance.md, "First paint").
 */
function applyFirstStyles(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-first-styles]')];
  return Promise.all(
    links.map(async (link) => {
      if (!link.sheet)
        await new Promise((settled) => {
          link.addEventListener('load', settled, { once: true });
          link.addEventListener('error', settled, { once: true });
        });
      link.media = 'all';
    }),
  );
}

// The first render in a transition: React draws the page in slices of a few milliseconds, so no
// long task holds the phone while it does (docs/performance.md, "First paint").
void applyFirstStyles().then(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);

// Only a signed-in person's page formats prices and dates at once: a visitor's first page never loads the warm-up.
if (/"signedIn":true/.test(document.getElementById('viewer-data')?.textContent ?? '')) {
  void import('./lib/warm-up.ts').then(({ warmUpFormatting }) => warmUpFormatting());
}
