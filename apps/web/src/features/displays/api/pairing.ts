import { lookSchema, type DisplayPairInput, type DisplayPairing, type Look } from '@decor/core';
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
  sessionStorage.removeItem(LOOK_KEY);
}

/** The look of this visit, kept beside the pairing: after a reload or a sign-in the phone shows what the screen shows. */
const LOOK_KEY = 'decor.pairing.look';

export function storedLook(pairing: string): Look | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(LOOK_KEY) ?? 'null') as { pairing: string; look: unknown } | null;
    const look = value?.pairing === pairing ? lookSchema.safeParse(value.look) : null;
    return look?.success ? look.data : null;
  } catch {
    return null;
  }
}

export function keepLook(pairing: string, look: Look): void {
  sessionStorage.setItem(LOOK_KEY, JSON.stringify({ pairing, look }));
}

/** Pairs with the screen that shows this code, or whose QR code carried this secret. */
export async function pairWith(input: DisplayPairInput): Promise<DisplayPairing> {
  const pairing = await api<DisplayPairing>('/api/displays/pair', { method: 'POST', body: input });
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pairing));
  return pairing;
}
