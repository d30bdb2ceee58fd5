import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadLanguage } from '../lib/i18n.ts';

// The screens' sentences in English, the staff's too, loaded before any test renders one (a
// screen waits for its language's otherwise).
beforeAll(async () => {
  await loadLanguage('en', true);
});

// jsdom lacks these browser APIs that the UI kit uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// jsdom has no layout, so nothing to scroll (the router restores scroll positions).
window.scrollTo = () => {};
// Autosizing text areas listen for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

// An unexpected console.error (a React warning, a failed prop type, an unhandled error in a
// component) fails the test that caused it; a test that expects one says so with its own spy.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // React says this of any use() of a promise in a synchronous act(), even one already settled
    // (the language's sentences, loaded above), which does not suspend: the screen is drawn at once.
    if (String(args[0]).startsWith('A component suspended inside an `act` scope')) return;
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  const errors = consoleErrors;
  vi.mocked(console.error).mockRestore();
  if (errors.length)
    throw new Error(
      `console.error was called during this test:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
});
