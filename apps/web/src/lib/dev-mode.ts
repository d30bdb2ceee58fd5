const DEV_MODE_KEY = 'decor.devMode';

/** Developer mode (docs/identity.md): admins only, remembered in this browser. */
export function isDevMode(): boolean {
  try {
    return window.localStorage.getItem(DEV_MODE_KEY) === '1';
  } catch {
    return false;
  }
}

export function setDevMode(isOn: boolean): void {
  if (isOn) window.localStorage.setItem(DEV_MODE_KEY, '1');
  else window.localStorage.removeItem(DEV_MODE_KEY);
}

/** Logs a developer-facing error, only in developer mode; silent otherwise. */
export function logError(message: string, error?: unknown): void {
  if (isDevMode()) console.error(message, error);
}
