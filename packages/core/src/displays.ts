import { z } from 'zod';

/**
 * Sales-centre displays (docs/displays.md): a screen at `/v` that registers itself, is claimed
 * by an administrator or the project's manager with the code it shows, and is then driven by a
 * visitor's phone. The codes and the messages are defined here once, for the server, the screen
 * and the phone.
 */

/** Letters and digits that cannot be mistaken for one another across a room (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const CLAIM_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/** A claim code's length: 8 characters, shown as two groups of four. */
export const CLAIM_CODE_LENGTH = 8;

/** A new claim code: 8 characters of CLAIM_ALPHABET, from the runtime's secure random source. */
export function newClaimCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CLAIM_CODE_LENGTH * 2));
  let code = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 25).
  for (const byte of bytes) {
    if (byte >= 250) continue;
    code += CLAIM_ALPHABET[byte % CLAIM_ALPHABET.length];
    if (code.length === CLAIM_CODE_LENGTH) return code;
  }
  return code + newClaimCode().slice(code.length);
}

/** A claim code as it is shown and read aloud: `ACDE-FGHJ`. */
export function formatClaimCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A claim code as a person typed it: case, spaces and dashes do not matter. A character the
 * alphabet lacks (a 0 for an O, a 1 for an I) is not guessed at: the code is refused.
 */
export function readClaimCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CLAIM_CODE_LENGTH) return null;
  return [...code].every((char) => CLAIM_ALPHABET.includes(char)) ? code : null;
}

/** The version of the display messages; a message of another version is refused. */
export const DISPLAY_PROTOCOL_VERSION = 1;

/** What a display shows: waiting to be claimed, its project's attract loop, or a visitor's room. */
export const displayStateSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('register'), claimCode: z.string().length(CLAIM_CODE_LENGTH) }),
  z.object({
    mode: z.literal('attract'),
    name: z.string(),
    project: z.object({ key: z.string(), name: z.string() }),
  }),
]);
export type DisplayState = z.infer<typeof displayStateSchema>;

/** A display as it registers: its id and its long-lived secret (kept by the screen, never shown). */
export const displayRegistrationSchema = z.object({ id: z.uuid(), secret: z.string().min(32).max(128), state: displayStateSchema });
export type DisplayRegistration = z.infer<typeof displayRegistrationSchema>;

/** A display as the platform's back office lists it (`/admin/instances`). */
export const displayRowSchema = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  project: z.object({ key: z.string(), name: z.string() }).nullable(),
  status: z.enum(['unclaimed', 'claimed', 'revoked']),
  registeredAt: z.string(),
  claimedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type DisplayRow = z.infer<typeof displayRowSchema>;

/** Claiming a display: the code it shows, its name, and the project it will show. */
export const displayClaimSchema = z
  .object({
    code: z.string().min(1).max(20),
    name: z.string().trim().min(1).max(60),
    project: z.string().min(1).max(64),
  })
  .strict();

/** What happened to a screen, as its page in the platform's back office lists it. */
export const displayEventSchema = z.object({
  kind: z.enum(['registered', 'claimed', 'renamed', 'moved', 'revoked']),
  at: z.string(),
  by: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type DisplayEvent = z.infer<typeof displayEventSchema>;

/** The largest message a display's live connection takes (a hello, a health report). */
export const DISPLAY_MESSAGE_MAX_BYTES = 4096;

/** What a screen says on its live connection (`/api/displays/live`): who it is, first. */
export const displayMessageSchema = z.discriminatedUnion('type', [
  z.object({ v: z.literal(DISPLAY_PROTOCOL_VERSION), type: z.literal('hello'), key: z.string().min(1).max(200) }).strict(),
]);
export type DisplayMessage = z.infer<typeof displayMessageSchema>;

/** What the portal says to a screen: what to show now, or that it must register again. */
export const displayPushSchema = z.discriminatedUnion('type', [
  z.object({ v: z.literal(DISPLAY_PROTOCOL_VERSION), type: z.literal('state'), state: displayStateSchema }),
  z.object({ v: z.literal(DISPLAY_PROTOCOL_VERSION), type: z.literal('unknown') }),
]);
export type DisplayPush = z.infer<typeof displayPushSchema>;
