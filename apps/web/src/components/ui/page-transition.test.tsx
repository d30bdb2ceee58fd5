import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { renderWithTheme } from '../../testing/render.tsx';
import { PageTransition } from './page-transition.tsx';

function Form() {
  const [name, setName] = useState('');
  return <input aria-label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />;
}

/** A layout with its pages under a PageTransition; `/slow` loads until `arrive()` is called. */
function app() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const root = createRootRoute({
    component: () => (
      <PageTransition>
        <Outlet />
      </PageTransition>
    ),
  });
  const form = createRoute({ getParentRoute: () => root, path: '/', component: Form });
  const slow = createRoute({
    getParentRoute: () => root,
    path: '/slow',
    beforeLoad: () => arrived,
    component: () => <h1>Arrived</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([form, slow]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, arrive };
}

describe('PageTransition', () => {
  it('keeps the page being left as it is, typed text and all, while the next page loads', async () => {
    const { router, arrive } = app();
    renderWithTheme(<RouterProvider router={router} />);
    const box = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(box, { target: { value: 'Pat' } });

    // Through the history, as a link would (this router's routes are not the app's registered ones).
    act(() => router.history.push('/slow'));
    // The address is already the next page's; the page on screen is still the form.
    await waitFor(() => expect(router.state.location.pathname).toBe('/slow'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('textbox', { name: 'Name' })).toBe(box);
    expect((box as HTMLInputElement).value).toBe('Pat');
    expect(box.closest('[data-transition]')?.getAttribute('data-page')).toBe('/');

    act(() => arrive());
    await screen.findByRole('heading', { name: 'Arrived' });
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Arrived' }).closest('[data-transition]')?.getAttribute('data-page'),
    ).toBe('/slow');
  });
});
