import { useEffect, useRef } from 'react';
import { useLocation } from '@tanstack/react-router';
import { VISIT_BEAT_MS } from '@decor/core';
import { api } from './api-client.ts';

const VISIT_KEY = 'decor.visit';

/**
 * The portal's own visit beacon (docs/admin.md, "Sessions"): a beat on every new page and
 * every minute while the page is shown, so the administrators see who is on, where and for how
 * long. No third-party script; failures are ignored (a beat is never worth an error).
 */
export function VisitBeacon() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const current = useRef(pathname);
  current.current = pathname;

  useEffect(() => {
    void beat(pathname);
  }, [pathname]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void beat(current.current);
    }, VISIT_BEAT_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}

async function beat(path: string): Promise<void> {
  try {
    const visit = sessionStorage.getItem(VISIT_KEY) ?? undefined;
    const answer = await api<{ visit: string } | undefined>('/api/visits', {
      method: 'POST',
      body: { ...(visit ? { visit } : {}), path: path.slice(0, 300) },
    });
    if (answer?.visit) sessionStorage.setItem(VISIT_KEY, answer.visit);
  } catch {
    // Not worth a word: the next beat tries again.
  }
}
