import { lazy, Suspense } from 'react';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { RouteError } from './components/errors/route-error.tsx';

// Loaded when a path is unknown, with the sentences of the screens (the first page carries neither).
const NotFoundPage = lazy(() =>
  import('./components/errors/not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })),
);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultNotFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  ),
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
