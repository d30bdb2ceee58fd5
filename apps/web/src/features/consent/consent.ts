/**
 * A visitor's choice about analytics (docs/public-pages.md, "Analytics"): kept in this
 * browser's storage (not a cookie), asked once, changed from "Cookie settings" on any page.
 * Nothing here loads anything: analytics-loader.ts does, after a yes.
 */
export interface Consent {
  /** Session recordings (Hotjar). */
  recording: boolean;
  /** Visit statistics (Google Analytics 4). */
  analytics: boolean;
  at: string;
}

const STORAGE_KEY = 'decor.consent';
export const CONSENT_EVENT = 'decor:consent';

export function readConsent(): Consent | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Consent | null;
    return value && typeof value.recording === 'boolean' && typeof value.analytics === 'boolean' ? value : null;
  } catch {
    return null;
  }
}

export function saveConsent(choice: { recording: boolean; analytics: boolean }): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...choice, at: new Date().toISOString() }));
  window.dispatchEvent(new Event(CONSENT_EVENT));
}

/**
 * Pages where analytics never run, consent or not: the embed widget, the sales-centre screens and
 * their phones, the diagnostics, the identity pages, and where a buyer signs (their names,
 * addresses, signatures and prices).
 */
const NEVER = /^\/(embed|v|controller|test|sign-in|my-account|link|go|400|config|preview)(\/|$)/;

export const analyticsMayRunOn = (pathname: string) => !NEVER.test(pathname);
