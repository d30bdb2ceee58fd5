import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invitationMail, type Mail, type Reader } from '../mail/index.ts';

/**
 * The proof an invitation mail carries (docs/access-codes.md, "Arriving"): a link the portal
 * mailed to an address proves that address when it is followed, so the invited person goes from
 * the mail to their home in one step, with no second mail to confirm it. The proof is an HMAC of
 * the code and the address under the servers' shared secret; it is only ever in the mail, never
 * in the link a manager can copy from the back office (that one still asks the new account to
 * confirm its address).
 */
const keyOf = (secret: string) => createHash('sha256').update(`decor-mail-proof:${secret}`).digest();

export function mailProofOf(secret: string, code: string, email: string): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${code}\u0000${email.toLowerCase()}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function isMailProof(secret: string, code: string, email: string, proof: string | undefined): boolean {
  if (!proof || !/^[\w-]{22}$/.test(proof)) return false;
  const expected = Buffer.from(mailProofOf(secret, code, email), 'base64url');
  const given = Buffer.from(proof, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The invitation mail for a code made out to an address: its link carries the address's proof. */
export function provenInvitationMail({
  secret,
  origin,
  code,
  to,
  projectName,
  unitName,
  role,
  projectId,
  reader,
  invitedBy = null,
}: {
  /** A co-buyer's invitation: the name of the buyer who invites (the mail says so). */
  invitedBy?: string | null;
  /** Who reads it: the invited person's language if they have an account, else the project's (readerFor). */
  reader: Reader;
  secret: string;
  origin: string;
  code: string;
  to: string;
  projectName: string;
  unitName?: string | null | undefined;
  role: 'purchaser' | 'manager';
  projectId: string;
}): Mail {
  const url = `${origin}/link/${code}?proof=${mailProofOf(secret, code, to)}`;
  return {
    ...invitationMail({ to, reader, projectName, url, unitName: unitName ?? null, role, invitedBy }),
    projectId,
  };
}
