import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { NotFoundPage } from './components/errors/not-found-page.tsx';
import { RouteError } from './components/errors/route-error.tsx';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
