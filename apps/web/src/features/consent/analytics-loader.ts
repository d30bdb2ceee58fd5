import type { Consent } from './consent.ts';

/**
 * Loads the analytics a visitor said yes to (docs/public-pages.md, "Analytics"), from our own
 * code: no inline snippet (the content-security policy allows only the configured providers'
 * hosts). Each loads once per page load.
 */
type Configured = { sessionRecording: { id: string | null; version: number }; analytics: { id: string | null } };

const loaded = new Set<string>();

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

export function loadAnalytics(configured: Configured, consent: Consent): void {
  const w = window as unknown as Record<string, unknown> & { dataLayer?: unknown[] };
  const recording = configured.sessionRecording.id;
  if (consent.recording && recording && !loaded.has('recording')) {
    loaded.add('recording');
    // Recordings show the layout and the clicks, never the text: names, addresses, signatures and prices stay out.
    document.getElementById('root')?.setAttribute('data-hj-suppress', '');
    const queue: unknown[] = [];
    w.hj = (...args: unknown[]) => queue.push(args);
    (w.hj as { q?: unknown[] }).q = queue;
    w._hjSettings = { hjid: Number(recording), hjsv: configured.sessionRecording.version };
    addScript(
      `https://static.hotjar.com/c/hotjar-${encodeURIComponent(recording)}.js?sv=${configured.sessionRecording.version}`,
    );
  }
  const measurement = configured.analytics.id;
  if (consent.analytics && measurement && !loaded.has('analytics')) {
    loaded.add('analytics');
    w.dataLayer = w.dataLayer ?? [];
    // gtag's own shape: it reads `arguments` objects from the data layer.
    const gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    } as (...args: unknown[]) => void;
    w.gtag = gtag;
    gtag('consent', 'default', {
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    gtag('js', new Date());
    gtag('config', measurement, { anonymize_ip: true });
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurement)}`);
  }
}

/** After a "no", the providers' cookies this site may have left are removed. */
export function forgetAnalyticsCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (/^(_hj|_ga)/.test(name)) {
      for (const domain of [
        '',
        `; domain=${location.hostname}`,
        `; domain=.${location.hostname.split('.').slice(-2).join('.')}`,
      ]) {
        document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
      }
    }
  }
}
