import { describe, expect, it } from 'vitest';
import { APP_ROUTES, appRouteOf, isAppPath } from './app-routes.ts';

describe('the app’s own paths', () => {
  it('knows its pages with their parameters, query and hash aside', () => {
    for (const path of [
      '/',
      '/configure',
      '/configure?room=kitchen',
      '/manage/carts',
      '/manage/carts/01a2',
      '/manage/models/units/01a2',
      '/go/abc',
      '/p/demo/anything/deeper',
      '/admin/',
      '/explore#top',
    ]) {
      expect([path, isAppPath(path)]).toEqual([path, true]);
    }
  });

  it('refuses anything else', () => {
    for (const path of [
      '',
      'configure',
      '//evil.example/x',
      '/manage/anything',
      '/api/me',
      '/go',
      '/go/a/b',
      '/admin/users/x/y',
      `/${'a'.repeat(400)}`,
      '/configure/../admin/x',
    ]) {
      expect([path, isAppPath(path)]).toEqual([path, false]);
    }
  });

  it('names the one route that answers a path', () => {
    // Every route with its parameters filled (and left out where they may be) is answered by itself, none before it.
    for (const route of APP_ROUTES)
      for (const path of [route.replace(/\{-\$\w+\}|\$\w*/g, 'x'), route.replace(/\/\{-\$\w+\}/g, '')])
        expect([path, appRouteOf(path)]).toEqual([path, route]);
    expect(appRouteOf('/')).toBe('/');
    expect(appRouteOf('/configure?room=kitchen')).toBe('/configure');
    expect(appRouteOf('/config')).toBe('/config/{-$cartId}');
    expect(appRouteOf('/config/01a2')).toBe('/config/{-$cartId}');
    expect(appRouteOf('/manage/')).toBe('/manage');
    expect(appRouteOf('/manage/models/units/01a2')).toBe('/manage/models/{-$collection}/{-$id}');
    expect(appRouteOf('/admin/api')).toBe('/admin/api');
    expect(appRouteOf('/p/demo/a/b')).toBe('/p/$projectKey/$');
    expect(appRouteOf('/manage/anything')).toBeNull();
  });
});
