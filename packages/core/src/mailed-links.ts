import type { ProjectRole } from './access.ts';

/**
 * Every kind of link the portal mails or shows a person (docs/access-codes.md, "Every link"):
 * who may make it, what following it grants, and the screen it promises. The server checks an
 * access code against `mayStillGrant` when it is used; the browser journeys follow one link of
 * each kind from the mail it arrived in (apps/web/e2e/mailed-links.test.ts), so a kind added
 * here without a journey fails the typecheck.
 */
export const MAILED_LINKS = {
  invitation: {
    madeBy: 'a manager of the project, or an administrator',
    grants: 'a membership (buyer or manager) and, for a buyer, a unit',
    lands: "the role's home: My home for a buyer, /manage for a manager",
    path: '/link/{code}?proof={proof}',
  },
  'bulk-invitation': {
    madeBy: 'a manager of the project, or an administrator',
    grants: 'the same as an invitation, one link per address',
    lands: 'My home',
    path: '/link/{code}?proof={proof}',
  },
  'sales-centre-link': {
    madeBy: 'a manager of the project, or an administrator (shown as a QR code, never mailed)',
    grants: 'a new account only, with the membership of the link',
    lands: 'asks for an address, then My home',
    path: '/link/{code}',
  },
  'co-buyer-invitation': {
    madeBy: "the buyer who owns the unit's selection",
    grants: 'a buyer of the same unit, sharing its selection',
    lands: 'My home, with the shared selection',
    path: '/link/{code}?proof={proof}',
  },
  'first-manager': {
    madeBy: 'an administrator, in the new-project wizard',
    grants: 'a manager of the new project',
    lands: '/manage on the new project',
    path: '/link/{code}?proof={proof}',
  },
  'share-link': {
    madeBy: "a buyer of the selection, or the project's staff",
    grants: 'a read-only look at the selection until it expires; no account',
    lands: '/preview',
    path: '/preview?token={token}',
  },
  'password-reset': {
    madeBy: 'anyone who knows the address (the mail goes only to it)',
    grants: 'a new password for that account, once',
    lands: 'the new-password form, then the sign-in page',
    path: '/my-account?mode=resetPassword&token={token}',
  },
  'sign-in-code': {
    madeBy: 'anyone who knows the address (the mail goes only to it)',
    grants: 'a session for that account, typed on the sign-in page',
    lands: 'the page the person asked for, My home by default',
    path: '/sign-in (the code is typed)',
  },
  'verify-address': {
    madeBy: 'the person signing up',
    grants: 'a verified address',
    lands: 'My home',
    path: '/my-account?mode=verifyEmail&token={token}',
  },
  'mailed-look': {
    madeBy: 'a visitor driving a sales-centre screen',
    grants: 'nothing: the design centre’s inquiry form',
    lands: 'the inquiry form (/inquire)',
    path: '/inquire',
  },
  'deadline-reminder': {
    madeBy: 'the portal, before and after a selection’s deadline',
    grants: 'nothing: the buyer signs in',
    lands: 'the buyer’s editor (/configure)',
    path: '/configure',
  },
  'message-digest': {
    madeBy: 'the portal, for unread messages',
    grants: 'nothing: the reader signs in',
    lands: 'the conversation (/config/{id} for a buyer, /manage/carts/{id} for the staff)',
    path: '/config/{id}',
  },
  'payment-reminder': {
    madeBy:
      'the portal, at the project’s reminder steps before an amount of a signed selection falls due, and once after',
    grants: 'nothing: the buyer signs in',
    lands: 'the selection with its payments and how to pay (/config/{id})',
    path: '/config/{id}',
  },
  appointment: {
    madeBy:
      'the portal, when a meeting with the design centre is booked, moved or cancelled, and the day before and two hours before it',
    grants: 'nothing: the reader signs in',
    lands: 'the buyers’ appointments (/appointments); the consultant’s copy opens the selection (/manage/carts/{id})',
    path: '/appointments',
  },
  receipt: {
    madeBy: 'the portal, when the design centre records a payment, a refund or a credit',
    grants: 'nothing: the buyer signs in',
    lands: 'the selection with its payments and the receipt (/config/{id})',
    path: '/config/{id}',
  },
} as const;

export type MailedLinkKind = keyof typeof MAILED_LINKS;

/** The access codes among those links: the kinds a row of access_codes records. */
export const ACCESS_CODE_KINDS = ['invitation', 'co-buyer-invitation'] as const;
export type AccessCodeKind = (typeof ACCESS_CODE_KINDS)[number];

export function isAccessCodeKind(value: unknown): value is AccessCodeKind {
  return typeof value === 'string' && (ACCESS_CODE_KINDS as readonly string[]).includes(value);
}

/** What the maker of an access code is, when the code is used. */
export interface LinkMaker {
  isAdmin: boolean;
  isDisabled: boolean;
  role: ProjectRole | null;
  /** Whether the maker is still a buyer of the code's unit. */
  isBuyerOfUnit: boolean;
}

/**
 * Whether an access code still grants what it says (docs/access-codes.md, "The rule"): a code
 * grants at most what its maker may still grant. The staff's invitations (single, bulk, the
 * sales-centre link, a new project's first manager) need a maker who still runs the project;
 * a co-buyer's invitation needs its maker to still be a buyer of the unit, and only ever makes
 * another buyer of that unit.
 */
export function mayStillGrant(
  kind: AccessCodeKind,
  code: { role: ProjectRole; unitId: string | null },
  maker: LinkMaker | null,
): boolean {
  if (!maker || maker.isDisabled) return false;
  if (kind === 'co-buyer-invitation') return code.role === 'purchaser' && code.unitId !== null && maker.isBuyerOfUnit;
  return maker.isAdmin || maker.role === 'manager';
}
