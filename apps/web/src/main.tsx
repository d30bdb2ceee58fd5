import './mantine-globals.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles.css';
import { router } from './router.tsx';
import { queryClient } from './lib/query-client.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// Only a signed-in person's page formats prices and dates at once: a visitor's first page never loads the warm-up.
if (/"signedIn":true/.test(document.getElementById('viewer-data')?.textContent ?? '')) {
  void import('./lib/warm-up.ts').then(({ warmUpFormatting }) => warmUpFormatting());
}
