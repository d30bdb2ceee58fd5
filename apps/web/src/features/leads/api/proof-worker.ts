/// <reference lib="webworker" />
/**
 * Solves the inquiry form's proof of work off the page's thread while the person types
 * (docs/public-pages.md, "Spam"): the number whose SHA-256 with the salt is the challenge.
 * Hashes in batches, so that the browser's digest calls run side by side.
 */
interface Challenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

const BATCH = 500;
const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

async function solve(challenge: Challenge): Promise<number | null> {
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, challenge.maxnumber - start + 1) }, (_, i) => start + i);
    const hashes = await Promise.all(numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${n}`))));
    const found = hashes.findIndex((hash) => hex(hash) === challenge.challenge);
    if (found >= 0) return numbers[found]!;
  }
  return null;
}

self.onmessage = async (event: MessageEvent<Challenge>) => {
  const challenge = event.data;
  const started = performance.now();
  const number = await solve(challenge);
  const proof =
    number === null
      ? null
      : btoa(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature }));
  (self as unknown as DedicatedWorkerGlobalScope).postMessage({ proof, ms: Math.round(performance.now() - started) });
};
