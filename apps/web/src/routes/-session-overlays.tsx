import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { isBareHost, readFakeSubdomain } from '../config/env.ts';
import { startTokenRefresh } from '../lib/access-token.ts';
import { meQuery } from '../lib/session.ts';
import { useSlashShortcut } from '../features/quick-box/hooks/use-slash-shortcut.ts';

// None of these is needed for a visitor's first page: each loads when it is shown.
const GettingStartedModal = lazy(() =>
  import('../features/auth/components/getting-started-modal.tsx').then((m) => ({ default: m.GettingStartedModal })),
);
const QuickBox = lazy(() =>
  import('../features/quick-box/components/quick-box.tsx').then((m) => ({ default: m.QuickBox })),
);
const VisitBeacon = lazy(() => import('../lib/visit-beacon.tsx').then((m) => ({ default: m.VisitBeacon })));
const FakeSubdomainPrompt = lazy(() =>
  import('../features/fake-subdomain/components/fake-subdomain-prompt.tsx').then((m) => ({
    default: m.FakeSubdomainPrompt,
  })),
);

/** Everything that hangs over the pages of a signed-in person (composes the auth and admin features). */
export function SessionOverlays() {
  const { data: me } = useQuery(meQuery);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const userId = me?._id;
  const [isQuickBoxOpen, setQuickBoxOpen] = useState(false);
  // The key listener is here from the start; the box itself loads when first opened.
  useSlashShortcut(
    useCallback(() => setQuickBoxOpen(true), []),
    me?.isAdmin === true,
  );

  // A signed-in person gets an API access token, kept fresh (docs/api.md).
  useEffect(() => {
    if (userId) void startTokenRefresh();
  }, [userId]);

  if (!me) return null;
  const isOnboarding = !me.emailVerified || !me.termsAcceptedAt;
  // An invitation being accepted (/link, /go) finishes its own steps (a password) before the welcome steps.
  const isArriving = /^\/(link|go)\//.test(pathname);
  return (
    <Suspense fallback={null}>
      {isOnboarding && !isArriving && <GettingStartedModal me={me} />}
      {me.isAdmin && isQuickBoxOpen && <QuickBox opened onClose={() => setQuickBoxOpen(false)} />}
      {me.isAdmin && !isOnboarding && isBareHost() && !readFakeSubdomain() && <FakeSubdomainPrompt />}
      {!isOnboarding && <VisitBeacon />}
    </Suspense>
  );
}
