import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-routes.ts';

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
});
