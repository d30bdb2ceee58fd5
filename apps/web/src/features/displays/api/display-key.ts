import type { DisplayRegistration, DisplayState } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';

/** Where a screen keeps its identity: this browser's storage, so it survives reloads and power cuts. */
const STORAGE_KEY = 'decor.display';

interface DisplayKey {
  id: string;
  secret: string;
}

export function storedKey(): DisplayKey | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as DisplayKey | null;
    return value && typeof value.id === 'string' && typeof value.secret === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Registers this screen (docs/displays.md): a new id and secret, kept in this browser. */
async function register(): Promise<DisplayKey> {
  const registration = await api<DisplayRegistration>('/api/displays', { method: 'POST' });
  const key = { id: registration.id, secret: registration.secret };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(key));
  return key;
}

/**
 * What this screen shows now: registers it the first time, and again when the portal no longer
 * knows it (revoked, or its database was wiped).
 */
export async function currentDisplayState(signal?: AbortSignal): Promise<DisplayState> {
  const key = storedKey() ?? (await register());
  try {
    return await api<DisplayState>('/api/displays/state', {
      headers: { 'x-display-key': `${key.id}.${key.secret}` },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    localStorage.removeItem(STORAGE_KEY);
    const fresh = await register();
    return api<DisplayState>('/api/displays/state', {
      headers: { 'x-display-key': `${fresh.id}.${fresh.secret}` },
      ...(signal ? { signal } : {}),
    });
  }
}
