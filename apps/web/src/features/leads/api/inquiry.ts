import type { InquiryForm, InquiryInput } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** A fresh form from the server: its token, its proof-of-work challenge and its choices. */
export const fetchInquiryForm = () => api<InquiryForm>('/api/inquire/form');

/**
 * Starts solving the form's proof of work in a worker; the promise gives the proof (and how long
 * it took, for the figures) when it is found. Started as soon as the form arrives, so that it is
 * ready long before a person has typed their name.
 */
export function solveProof(challenge: InquiryForm['challenge']): Promise<{ proof: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./proof-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ proof: string | null; ms: number }>) => {
      worker.terminate();
      if (event.data.proof) resolve({ proof: event.data.proof, ms: event.data.ms });
      else reject(new Error('The spam check could not finish. Reload the page.'));
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('The spam check could not run in this browser.'));
    };
    worker.postMessage(challenge);
  });
}

export type InquiryFields = Omit<
  InquiryInput,
  'token' | 'proof' | 'website' | 'source' | 'code' | 'utm' | 'page' | 'referrer'
>;

/** Where the visitor came from: the page's campaign tags and the site that sent them. */
export function arrivalOf(location: Location, referrer: string) {
  const params = new URLSearchParams(location.search);
  const utm = Object.fromEntries(
    (['source', 'medium', 'campaign', 'term', 'content'] as const).flatMap((key) => {
      const value = params.get(`utm_${key}`)?.trim().slice(0, 200);
      return value ? [[key, value]] : [];
    }),
  );
  let from: string | null = null;
  try {
    from = referrer ? new URL(referrer).origin : null;
  } catch {
    from = null;
  }
  return {
    utm,
    referrer: from && from !== location.origin ? from : null,
    page: `${location.origin}${location.pathname}${location.search}`.slice(0, 500),
  };
}

export const sendInquiry = (body: InquiryInput) => api<{ received: true }>('/api/inquire', { method: 'POST', body });
