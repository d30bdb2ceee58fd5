import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { envQuery } from '../../../lib/env.ts';
import { useFirstPageText } from '../../../lib/first-page-text.ts';
import { analyticsMayRunOn, CONSENT_EVENT, readConsent } from '../consent.ts';

const ConsentBanner = lazy(() => import('./consent-banner.tsx'));

/**
 * Analytics only with consent (docs/public-pages.md, "Analytics"): with no provider configured
 * this renders nothing and loads nothing. Otherwise, on pages where analytics may run, the banner
 * (its own chunk) asks once, and a "Cookie settings" link lets the choice be changed; the
 * providers load only after a yes, from analytics-loader.ts.
 */
export function ConsentGate() {
  const { data: env } = useQuery(envQuery);
  const say = useFirstPageText();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [consent, setConsent] = useState(readConsent);
  const [isAsking, setAsking] = useState(false);
  const configured =
    env && (env.integrations.sessionRecording.id || env.integrations.analytics.id) ? env.integrations : null;
  const mayRun = analyticsMayRunOn(pathname);

  useEffect(() => {
    const changed = () => setConsent(readConsent());
    window.addEventListener(CONSENT_EVENT, changed);
    return () => window.removeEventListener(CONSENT_EVENT, changed);
  }, []);
  useEffect(() => {
    if (!configured || !mayRun || !consent || (!consent.recording && !consent.analytics)) return;
    void import('../analytics-loader.ts').then(({ loadAnalytics }) => loadAnalytics(configured, consent));
  }, [configured, mayRun, consent]);

  if (!configured || !mayRun) return null;
  return (
    <>
      {(!consent || isAsking) && (
        <Suspense fallback={null}>
          <ConsentBanner configured={configured} initial={consent} onDone={() => setAsking(false)} />
        </Suspense>
      )}
      <button
        type="button"
        onClick={() => setAsking(true)}
        data-testid="cookie-settings"
        style={{
          background: 'none',
          border: 0,
          padding: '8px 12px',
          color: 'var(--mantine-color-dimmed)',
          fontSize: 12,
          cursor: 'pointer',
          textDecoration: 'underline',
        }}
      >
        {say('frame.cookie-settings')}
      </button>
    </>
  );
}
