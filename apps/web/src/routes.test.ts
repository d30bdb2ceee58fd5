import { describe, expect, it } from 'vitest';
import { createRouter } from '@tanstack/react-router';
import { APP_ROUTES } from '@decor/core';
import { routeTree } from './routeTree.gen.ts';

describe('the list of the app’s pages the server knows', () => {
  it('is exactly the router’s pages', () => {
    const router = createRouter({ routeTree });
    const paths = new Set(Object.values(router.routesByPath).map((route) => route.fullPath.replace(/(.)\/$/, '$1')));
    expect([...APP_ROUTES].sort()).toEqual([...paths].sort());
  });
});
