import { useSyncExternalStore } from 'react';
import { DELETE_CONFIRM_WINDOW_MS } from '@decor/core';

/**
 * How long a two-click confirmation waits for its second click, as the person chose it on their
 * account page (WCAG 2.2.1, "Timing adjustable"): the specification's one second by default, or
 * longer, or no limit at all. Kept in this browser.
 */
export const CONFIRM_WINDOWS = [DELETE_CONFIRM_WINDOW_MS, 3_000, 10_000, null] as const;
export type ConfirmWindow = (typeof CONFIRM_WINDOWS)[number];

const KEY = 'decor.confirm-window';
const listeners = new Set<() => void>();

export function confirmWindow(): ConfirmWindow {
  try {
    const kept = globalThis.localStorage?.getItem(KEY);
    if (kept === 'none') return null;
    const ms = Number(kept);
    return (CONFIRM_WINDOWS as readonly ConfirmWindow[]).includes(ms)
      ? (ms as ConfirmWindow)
      : DELETE_CONFIRM_WINDOW_MS;
  } catch {
    return DELETE_CONFIRM_WINDOW_MS;
  }
}

export function setConfirmWindow(window: ConfirmWindow): void {
  try {
    globalThis.localStorage?.setItem(KEY, window === null ? 'none' : String(window));
  } catch {
    // A browser that keeps nothing: the default holds.
  }
  for (const listener of listeners) listener();
}

/** The person's choice, kept current when they change it. */
export function useConfirmWindow(): ConfirmWindow {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    confirmWindow,
    () => DELETE_CONFIRM_WINDOW_MS,
  );
}
