import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { fail, FORM_MAX_SECONDS, FORM_MIN_SECONDS, LEAD_SOURCES, type LeadSource } from '@decor/core';

/**
 * The inquiry form's two proofs that a person in a browser sent it (docs/public-pages.md,
 * "Spam"): a signed token saying when the form was shown (too soon, too old or already spent
 * is refused), and a proof of work bound to that token, which the browser solves while the
 * person types. Neither needs a third party.
 */

/** Hashes a browser tries on average before it finds the answer: half of this. Tuned for ≤ 1 s median on a mid-range phone. */
export const PROOF_MAX_NUMBER = 40_000;

const keyOf = (secret: string, use: string) => createHash('sha256').update(`decor-inquiry-${use}:${secret}`).digest();
const macOf = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret, 'token')).update(payload).digest('base64url');

export interface FormToken {
  projectId: string;
  issuedAt: number;
  nonce: string;
  /** Which page the server gave the form to (the inquiry page, or the builder's widget): the lead's source. */
  source: LeadSource;
}

/** A token for a form shown now in this project, and the proof of work that goes with it. */
export async function issueForm(secret: string, projectId: string, source: LeadSource, now = Date.now()) {
  const nonce = randomBytes(16).toString('base64url');
  const payload = `${now}.${nonce}.${source}`;
  const challenge = await createChallenge({
    hmacKey: keyOf(secret, 'proof').toString('base64url'),
    maxNumber: PROOF_MAX_NUMBER,
    expires: new Date(now + FORM_MAX_SECONDS * 1000),
    params: { nonce },
  });
  return {
    token: `${payload}.${macOf(secret, `${projectId}.${payload}`)}`,
    challenge: {
      algorithm: 'SHA-256' as const,
      challenge: challenge.challenge,
      maxnumber: challenge.maxnumber ?? PROOF_MAX_NUMBER,
      salt: challenge.salt,
      signature: challenge.signature,
    },
  };
}

/** The token's facts when it is this project's, signed by us, and neither too fresh nor too old; otherwise a refusal in words. */
export function readFormToken(secret: string, projectId: string, token: string, now = Date.now()): FormToken {
  const [issued, nonce, source, mac, ...rest] = token.split('.');
  const expected = macOf(secret, `${projectId}.${issued}.${nonce}.${source}`);
  const signed =
    !rest.length && !!mac && mac.length === expected.length && timingSafeEqual(Buffer.from(mac), Buffer.from(expected));
  const issuedAt = Number(issued);
  const isSource = (LEAD_SOURCES as readonly string[]).includes(source ?? '');
  if (!signed || !Number.isSafeInteger(issuedAt) || !nonce || !isSource)
    throw fail('bad_request', 'inquiry.form-expired');
  const age = (now - issuedAt) / 1000;
  if (age > FORM_MAX_SECONDS || age < -60) throw fail('bad_request', 'inquiry.form-expired');
  if (age < FORM_MIN_SECONDS) throw fail('bad_request', 'inquiry.too-fast');
  return { projectId, issuedAt, nonce, source: source as LeadSource };
}

/** Whether `proof` (the base64 JSON the browser sends) solves the challenge issued with this token. */
export async function checkProof(secret: string, token: FormToken, proof: string): Promise<void> {
  let solved = false;
  try {
    solved =
      (await verifySolution(proof, keyOf(secret, 'proof').toString('base64url'), true)) &&
      extractParams(proof).nonce === token.nonce;
  } catch {
    solved = false;
  }
  if (!solved) throw fail('bad_request', 'inquiry.no-proof');
}
