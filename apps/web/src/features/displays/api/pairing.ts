import type { DisplayPairInput, DisplayPairing } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/**
 * A phone's pairing with a screen (docs/displays.md, "Pairing a phone"): kept in this tab's
 * session storage only, so a dropped connection or a reload resumes the visit silently and a
 * closed tab forgets it.
 */
const STORAGE_KEY = 'decor.pairing';

export function storedPairing(): DisplayPairing | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as DisplayPairing | null;
    return value && typeof value.pairing === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function forgetPairing(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** Pairs with the screen that shows this code, or whose QR code carried this secret. */
export async function pairWith(input: DisplayPairInput): Promise<DisplayPairing> {
  const pairing = await api<DisplayPairing>('/api/displays/pair', { method: 'POST', body: input });
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pairing));
  return pairing;
}
