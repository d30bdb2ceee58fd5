import './mantine-globals.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles.css';
import { router } from './router.tsx';
import { queryClient } from './lib/query-client.ts';
import { warmUpFormatting } from './lib/warm-up.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

warmUpFormatting();
