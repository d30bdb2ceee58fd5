import { z } from 'zod';
import { said } from './validation-issues.ts';

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

/** A pairing code's length: 8 digits, shown under the screen's QR code as `4821 0937`. */
export const PAIRING_CODE_LENGTH = 8;

/** A new pairing code: 8 decimal digits from the runtime's secure random source (a leading 0 allowed). */
export function newPairingCode(): string {
  const words = crypto.getRandomValues(new Uint32Array(PAIRING_CODE_LENGTH));
  // 4,294,967,296 is not a multiple of 10: the few words past the last whole ten are drawn again.
  const limit = 4_294_967_290;
  return [...words].map((word) => (word < limit ? word % 10 : Number(newPairingCode()[0]))).join('');
}

/** A pairing code as it is shown: `4821 0937`. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)} ${code.slice(4)}`;
}

/** A pairing code as a visitor typed it: spaces and dashes do not matter; anything but 8 digits is refused. */
export function readPairingCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '');
  return /^\d{8}$/.test(code) ? code : null;
}

/** How long a phone that lost its connection keeps the screen (it resumes silently within this). */
export const CONTROLLER_RESUME_MS = 60_000;
/** After this long without a word from its phone, a screen returns to its attract loop and forgets the visitor's choices. */
export const CONTROLLER_IDLE_MS = 3 * 60_000;
/** A phone's looks reach its screen at most this often (the newest wins): the bus's traffic per screen is bounded. */
export const LOOK_INTERVAL_MS = 50;

/** The version of the display messages; a message of another version is refused. */
export const DISPLAY_PROTOCOL_VERSION = 1;

/** What a display shows: waiting to be claimed, its project's attract loop, or a visitor's room. */
export const displayStateSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('register'), claimCode: z.string().length(CLAIM_CODE_LENGTH) }),
  z.object({
    mode: z.literal('attract'),
    name: z.string(),
    project: z.object({ key: z.string(), name: z.string() }),
    /** What a visitor pairs with: the code typed at `/controller`, the secret the QR code carries. Null while a phone holds the screen. */
    pairing: z.object({ code: z.string().length(PAIRING_CODE_LENGTH), secret: z.string().min(16).max(64) }).nullable(),
  }),
  /** A visitor's phone holds the screen: it shows the rooms as the phone's looks say (no code is shown). */
  z.object({ mode: z.literal('paired'), name: z.string(), project: z.object({ key: z.string(), name: z.string() }) }),
]);
export type DisplayState = z.infer<typeof displayStateSchema>;

/** A display as it registers: its id and its long-lived secret (kept by the screen, never shown). */
export const displayRegistrationSchema = z.object({
  id: z.uuid(),
  secret: z.string().min(32).max(128),
  state: displayStateSchema,
});
export type DisplayRegistration = z.infer<typeof displayRegistrationSchema>;

/** A screen's health, reported every 30 s once claimed (shown in `/admin/instances`). */
export const displayHealthSchema = z
  .object({
    build: z.string().max(40),
    renderer: z.string().max(200).nullable(),
    fps: z.number().min(0).max(1000).nullable(),
    frameP99Ms: z.number().min(0).max(60_000).nullable(),
    rttMs: z.number().min(0).max(60_000).nullable(),
    memoryMb: z.number().min(0).max(1_000_000).nullable(),
    uptimeS: z.number().min(0).max(1e9),
    width: z.number().int().min(0).max(100_000),
    height: z.number().int().min(0).max(100_000),
  })
  .strict();
export type DisplayHealth = z.infer<typeof displayHealthSchema>;

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
  /** Whether a visitor's phone holds it now. */
  paired: z.boolean(),
  /** Its newest health report (renderer, frame rate, round trip, build, size), if it sent one. */
  health: displayHealthSchema.nullable(),
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

/** Pairing a phone with a screen of the project at this address: the code typed at `/controller`, or the screen's id and the QR code's secret. */
export const displayPairSchema = z.union([
  z.object({ code: z.string().min(1).max(20) }).strict(),
  z.object({ display: z.uuid(), secret: z.string().min(16).max(64) }).strict(),
]);
export type DisplayPairInput = z.infer<typeof displayPairSchema>;

/** A phone's pairing: the secret it keeps for this visit (`{id}.{secret}`, sent in its `join`) and the screen it drives. */
export const displayPairingSchema = z.object({
  pairing: z.string(),
  display: z.object({ id: z.string(), name: z.string() }),
  project: z.object({ key: z.string(), name: z.string() }),
});
export type DisplayPairing = z.infer<typeof displayPairingSchema>;

/** The lifecycle of a screen, as its page and `/admin/pen-stream` show it (never what a visitor chose). */
export const DISPLAY_EVENT_KINDS = [
  'registered',
  'claimed',
  'renamed',
  'moved',
  'revoked',
  'paired',
  'released',
  'disconnected',
  'code-limit',
] as const;

/** What happened to a screen, as its page in the platform's back office lists it. */
export const displayEventSchema = z.object({
  kind: z.enum(DISPLAY_EVENT_KINDS),
  at: z.string(),
  by: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type DisplayEvent = z.infer<typeof displayEventSchema>;

/** The largest message a display's live connection takes (a hello, a look, a health report). */
export const DISPLAY_MESSAGE_MAX_BYTES = 4096;

const id = z.string().min(1).max(64);

/**
 * What a visitor has chosen on their phone, sent whole each time (state, not events: the newest
 * replaces what came before): the plan and room shown, a finish per category, and the camera.
 * Only these: a phone never sends buyer data and never writes anything.
 */
export const lookSchema = z
  .object({
    plan: id.nullable(),
    room: id.nullable(),
    finishes: z
      .record(id, id)
      .refine((finishes) => Object.keys(finishes).length <= 40, said('validation.finishes-limit', { limit: 40 })),
    camera: z
      .object({
        yaw: z.number().min(-180).max(180),
        pitch: z.number().min(-10).max(80),
        zoom: z.number().min(0.5).max(2),
      })
      .strict(),
  })
  .strict();
export type Look = z.infer<typeof lookSchema>;

const v = z.literal(DISPLAY_PROTOCOL_VERSION);
/**
 * A round-trip probe: the portal answers `pong` with the same `t` (the health report's round
 * trip, `/test/gamelift`); with `bus`, the answer goes out through the bus between servers and
 * back (on the embedded database, one process: straight back).
 */
const ping = z.object({ v, type: z.literal('ping'), t: z.number(), bus: z.boolean().optional() }).strict();

/**
 * What a screen or a phone may say on the live connection (`/api/displays/live`): who it is
 * first (a screen's `hello` with its key, a phone's `join` with its pairing), then a screen
 * its health and pings, a phone its look, `reset`, `end` and pings. Anything else closes the socket.
 */
export const displayMessageSchema = z.discriminatedUnion('type', [
  z.object({ v, type: z.literal('hello'), key: z.string().min(1).max(200) }).strict(),
  z.object({ v, type: z.literal('join'), pairing: z.string().min(1).max(200) }).strict(),
  z.object({ v, type: z.literal('health'), health: displayHealthSchema }).strict(),
  z.object({ v, type: z.literal('look'), look: lookSchema }).strict(),
  z.object({ v, type: z.literal('reset') }).strict(),
  z.object({ v, type: z.literal('end') }).strict(),
  /** The realtime diagnostic (`/test/gamelift`): no screen, no phone, pings only. */
  z.object({ v, type: z.literal('probe') }).strict(),
  ping,
]);
export type DisplayMessage = z.infer<typeof displayMessageSchema>;

/** Why a phone's pairing ended: its visitor ended it, it sat idle, the screen was revoked, or a server dropped it. */
export const pairingEndSchema = z.enum(['ended', 'idle', 'revoked', 'unknown']);
export type PairingEnd = z.infer<typeof pairingEndSchema>;

/**
 * What the portal says: to a screen, what to show now (`state`), a visitor's `look`, that it must
 * register again (`unknown`); to a phone, that it is `joined` or its pairing `ended`, or that its
 * screen wants its look again (`sync`, after the screen reconnected); `pong` to either.
 */
export const displayPushSchema = z.discriminatedUnion('type', [
  z.object({ v, type: z.literal('state'), state: displayStateSchema }),
  z.object({ v, type: z.literal('unknown') }),
  z.object({ v, type: z.literal('look'), look: lookSchema.nullable(), sentAt: z.number().optional() }),
  z.object({ v, type: z.literal('joined'), display: z.object({ id: z.string(), name: z.string() }) }),
  z.object({ v, type: z.literal('ended'), reason: pairingEndSchema }),
  z.object({ v, type: z.literal('sync') }),
  /** To a screen: load the page again (an administrator's "Reload"). */
  z.object({ v, type: z.literal('reload') }),
  z.object({ v, type: z.literal('pong'), t: z.number(), server: z.string(), bus: z.boolean().optional() }),
]);
export type DisplayPush = z.infer<typeof displayPushSchema>;

const dimensions = z.object({ w: z.number(), d: z.number(), h: z.number() }).nullable();

/**
 * What a sales-centre screen and its phone show of the project (`GET /api/displays/showroom`):
 * its plans, rooms, categories and active options with their swatches; prices only when the
 * project shows them to visitors (`showroomPrices`).
 */
export const showroomSchema = z.object({
  project: z.object({
    key: z.string(),
    name: z.string(),
    currency: z.string(),
    locale: z.string(),
    tagline: z.string(),
    showsPrices: z.boolean(),
  }),
  plans: z.array(z.object({ _id: z.string(), name: z.string(), rooms: z.array(z.string()) })),
  rooms: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      order: z.number().nullable(),
      dimensions,
      hotspot: z.object({ x: z.number(), y: z.number() }).nullable(),
    }),
  ),
  categories: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      order: z.number(),
      surface: z.string().nullable(),
      rooms: z.array(z.string()),
    }),
  ),
  options: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      category: z.string(),
      rooms: z.array(z.string()),
      plans: z.array(z.string()),
      swatch: z
        .object({
          color: z.string(),
          texture: z.string().nullable().optional(),
          roughness: z.number(),
          metalness: z.number(),
          scale: z.number(),
        })
        .nullable(),
      price: z.number().nullable(),
    }),
  ),
});
export type Showroom = z.infer<typeof showroomSchema>;

/** A visitor asks to receive the look they built by e-mail (`POST /api/displays/look-mail`). */
export const displayLookMailSchema = z
  .object({ pairing: z.string().min(1).max(200), email: z.email().max(254), look: lookSchema })
  .strict();
export type DisplayLookMail = z.infer<typeof displayLookMailSchema>;

/** The look in words, line by line, as the mail and the sales team read it: the plan, the room, then "Category: option". */
export function lookInWords(showroom: Showroom, look: Look): string[] {
  const plan = showroom.plans.find((p) => p._id === look.plan);
  const room = showroom.rooms.find((r) => r._id === look.room);
  const finishes = showroom.categories.flatMap((category) => {
    const option = showroom.options.find((o) => o._id === look.finishes[category._id] && o.category === category._id);
    return option ? [`${category.name}: ${option.name}`] : [];
  });
  return [...(plan ? [`Plan: ${plan.name}`] : []), ...(room ? [`Room shown: ${room.name}`] : []), ...finishes];
}

/**
 * What a sales-centre screen needs (docs/displays.md, "Setting up a sales centre"): a median of at
 * least 20 frames a second drawing the project's room, and round trips to the portal whose 99th
 * percentile is at most 100 ms (more makes the room lag behind the phone).
 */
export const SALES_CENTRE = { minFps: 20, maxRoundTripP99Ms: 100 } as const;

/** A diagnostic's verdict: good enough for a sales centre, or what to change. */
export interface Verdict {
  isGood: boolean;
  text: string;
}

/** The 3D diagnostic's verdict from its median frame rate, and whether the processor drew the frames. */
export function frameVerdict({ fps, isSoftware }: { fps: number; isSoftware: boolean }): Verdict {
  if (fps >= SALES_CENTRE.minFps)
    return {
      isGood: true,
      text: `Good enough for a sales centre: ${fps} frames a second, at least ${SALES_CENTRE.minFps} are needed.`,
    };
  return {
    isGood: false,
    text: isSoftware
      ? `Too slow for a sales centre: ${fps} frames a second, drawn by the processor because this browser uses no graphics chip. Turn on the browser's hardware acceleration, or use a mini-PC with a graphics chip.`
      : `Too slow for a sales centre: ${fps} frames a second, under the ${SALES_CENTRE.minFps} needed. Use a mini-PC with a faster graphics chip for this screen.`,
  };
}

/** The network diagnostic's verdict from the 99th percentile of its round trips. */
export function roundTripVerdict({ p99 }: { p99: number }): Verdict {
  const ms = Math.round(p99);
  if (p99 <= SALES_CENTRE.maxRoundTripP99Ms)
    return {
      isGood: true,
      text: `Good enough for a sales centre: 99 % of round trips within ${ms} ms, at most ${SALES_CENTRE.maxRoundTripP99Ms} ms are needed.`,
    };
  return {
    isGood: false,
    text: `Too slow for a sales centre: 1 % of round trips take over ${ms} ms, and the room would lag behind the phone. Put the screen on a wired network, or on a Wi-Fi access point of its own.`,
  };
}
