import crypto from 'node:crypto';
import {
  type AccessCodeKind,
  DEFAULT_TIME_ZONE,
  DomainError,
  fail,
  type MailEntry,
  type ProjectRole,
  safeNextPath,
  workingDeadline,
  mayStillGrant,
} from '@decor/core';
import { type Db, withTransaction } from '../../db/client.ts';
import { findUser, findUserIdByEmail, insertNewUser } from '../users/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import { mailEntry, mailsOfProjectTo, readerFor, type Mail, type Mailer } from '../mail/index.ts';
import { isMailProof, provenInvitationMail } from './mail-proof.ts';
import { grantMembership, roleInProject } from '../projects/index.ts';
import { requireProject } from '../projects/index.ts';
import { requireManager, type Scope } from '../projects/index.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-page.ts';
import type { HookRegistry } from '../decor/index.ts';
import { createItem, updateItem, withWrites } from '../decor/index.ts';
import { cartOfUnit } from '../carts/index.ts';
import {
  findAccessCode,
  findAccessCodeWithProject,
  findUnit,
  insertAccessCode,
  listAccessCodes,
  revokeAccessCode,
  useAccessCode,
  type AccessCodeRow,
} from './access-codes.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An unguessable code: 20 characters of base32 (100 bits), easy to read aloud and type. */
function newCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** How long an invitation lasts and how often it can be used unless its creator says otherwise. */
export const INVITATION_DEFAULTS = { role: 'purchaser' as ProjectRole, expiresInDays: 30, maxUses: 1 };

/** The row of a new access link: a fresh code, the e-mail address in lower case, the expiry from now. */
export function accessCodeValues(input: {
  projectId: string;
  unitId: string | null;
  email: string | null;
  createdBy: string | null;
  role: ProjectRole;
  /** The staff's invitation unless said (MAILED_LINKS in core). */
  kind?: AccessCodeKind;
  targetPath?: string | undefined;
  expiresInDays: number;
  maxUses: number;
}) {
  return {
    code: newCode(),
    projectId: input.projectId,
    unitId: input.unitId,
    email: input.email?.toLowerCase() ?? null,
    role: input.role,
    kind: input.kind ?? 'invitation',
    targetPath: input.targetPath ? safeNextPath(input.targetPath) : null,
    expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
    maxUses: input.maxUses,
    createdBy: input.createdBy,
  };
}

const requireCodeManager = (scope: Scope) => requireManager(scope, 'code.managers-only');

export function accessCodeView(row: AccessCodeRow, origin: string, unitName: string | null = null) {
  return {
    code: row.code,
    url: `${origin}/link/${row.code}`,
    email: row.email,
    unit: row.unitId,
    unitName,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    role: row.role,
    targetPath: row.targetPath,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface CreateAccessCodeInput {
  email?: string | undefined;
  unit?: string | undefined;
  role: ProjectRole;
  targetPath?: string | undefined;
  expiresInDays: number;
  maxUses: number;
  send: boolean;
}

export async function createAccessCode({
  db,
  scope,
  input,
  origin,
  mailer,
  secret,
  languages = [],
}: {
  /** The languages of the page that asked: the mail is in them unless the invited account chose one (docs/languages.md). */
  languages?: readonly string[];
  db: Db;
  scope: Scope;
  input: CreateAccessCodeInput;
  origin: string;
  mailer: Mailer;
  /** Signs the proof the mailed link carries (mail-proof.ts). */
  secret: string;
}) {
  const { project, actor } = requireCodeManager(scope);
  const unit = input.unit ? await findUnit(db, project.id, input.unit) : undefined;
  if (input.unit && !unit) throw fail('rule_broken', 'code.unit-elsewhere', undefined, { field: 'unit' });
  if (input.send && !input.email) throw fail('bad_request', 'code.email-to-send', undefined, { field: 'email' });
  const row = await insertAccessCode(
    db,
    accessCodeValues({
      ...input,
      projectId: project.id,
      unitId: unit?.id ?? null,
      email: input.email ?? null,
      createdBy: actor.userId,
    }),
  );
  const view = accessCodeView(row, origin, (unit?.data.name as string | undefined) ?? null);
  if (input.send && row.email) {
    return {
      ...view,
      lastMail: await mailInvitation(
        mailer,
        provenInvitationMail({
          reader: await readerFor(db, project.options, row.email, languages),
          secret,
          origin,
          code: row.code,
          to: row.email,
          projectName: project.name,
          unitName: (unit?.data.name as string) ?? null,
          role: row.role,
          projectId: project.id,
        }),
      ),
    };
  }
  return view;
}

/** Every access link list is a keyset page of this many (docs/back-office.md). */
const CODES_PAGE = 50;

export async function listProjectAccessCodes({
  db,
  scope,
  origin,
  after,
  q,
  waiting = false,
}: {
  db: Db;
  scope: Scope;
  origin: string;
  after?: string | undefined;
  q?: string | undefined;
  waiting?: boolean;
}) {
  const { project } = requireCodeManager(scope);
  const rows = await listAccessCodes(db, {
    projectId: project.id,
    after: decodeCursor<{ at: string; code: string }>(after, isCodeKey),
    limit: CODES_PAGE + 1,
    q,
    waiting,
  });
  // Whether the last mail to each address left: an invitation that bounced at the SMTP server is said on its link.
  const addresses = rows.flatMap(({ row }) => (row.email ? [row.email] : []));
  const lastMails = new Map(
    (await mailsOfProjectTo(db, project.id, addresses, 1)).map((mail) => [mail.to, mailEntry(mail)]),
  );
  return pageOf(
    rows,
    CODES_PAGE,
    ({ row, unitName }) => ({
      ...accessCodeView(row, origin, unitName),
      lastMail: row.email ? (lastMails.get(row.email.toLowerCase()) ?? null) : null,
    }),
    ({ row }) => ({ at: row.createdAt.toISOString(), code: row.code }),
  );
}

const isCodeKey = (v: Record<string, unknown>) =>
  typeof v.at === 'string' &&
  !Number.isNaN(Date.parse(v.at)) &&
  typeof v.code === 'string' &&
  /^[a-z0-9]{8,64}$/.test(v.code);

/**
 * Invites many people at once, one link each (e-mail and unit), all made or none: every
 * unit is checked first; the mails go out after the links exist.
 */
export async function createAccessCodes({
  db,
  scope,
  invitations,
  common,
  origin,
  mailer,
  secret,
  languages = [],
}: {
  /** The languages of the page that asked: the mail is in them unless the invited account chose one (docs/languages.md). */
  languages?: readonly string[];
  db: Db;
  scope: Scope;
  invitations: Array<{ email: string; unit?: string | undefined }>;
  common: Omit<CreateAccessCodeInput, 'email' | 'unit'>;
  origin: string;
  mailer: Mailer;
  /** Signs the proof the mailed link carries (mail-proof.ts). */
  secret: string;
}) {
  const { project, actor } = requireCodeManager(scope);
  const units = new Map<string, Awaited<ReturnType<typeof findUnit>>>();
  for (const [index, invitation] of invitations.entries()) {
    if (!invitation.unit || units.has(invitation.unit)) continue;
    const unit = await findUnit(db, project.id, invitation.unit);
    if (!unit) throw fail('rule_broken', 'code.unit-elsewhere', undefined, { field: `invitations.${index}.unit` });
    units.set(invitation.unit, unit);
  }
  const rows = await withTransaction(db, async (tx) => {
    const made = [];
    for (const invitation of invitations) {
      made.push(
        await insertAccessCode(
          tx,
          accessCodeValues({
            ...common,
            projectId: project.id,
            unitId: invitation.unit ?? null,
            email: invitation.email,
            createdBy: actor.userId,
          }),
        ),
      );
    }
    return made;
  });
  const views = rows.map((row) =>
    accessCodeView(row, origin, row.unitId ? ((units.get(row.unitId)?.data.name as string | undefined) ?? null) : null),
  );
  if (!common.send) return { items: views, sent: 0 };
  const items = [];
  for (const view of views) {
    const mail = provenInvitationMail({
      reader: await readerFor(db, project.options, view.email!, languages),
      secret,
      origin,
      code: view.code,
      to: view.email!,
      projectName: project.name,
      unitName: view.unitName,
      role: view.role,
      projectId: project.id,
    });
    items.push({ ...view, lastMail: await mailInvitation(mailer, mail) });
  }
  return { items, sent: items.filter((item) => item.lastMail.status !== 'failed').length };
}

export async function revokeProjectAccessCode({
  db,
  scope,
  code,
  origin,
}: {
  db: Db;
  scope: Scope;
  code: string;
  origin: string;
}) {
  const { project } = requireCodeManager(scope);
  const existing = await findAccessCode(db, code);
  if (!existing || existing.projectId !== project.id) throw fail('not_found', 'code.no-such');
  return accessCodeView((await revokeAccessCode(db, code))!, origin);
}

/** Mails an invitation made out to an address again (a lost or late mail), while it can still be used. */
export async function resendProjectAccessCode({
  db,
  scope,
  code,
  origin,
  mailer,
  secret,
  languages = [],
}: {
  /** The languages of the page that asked: the mail is in them unless the invited account chose one (docs/languages.md). */
  languages?: readonly string[];
  db: Db;
  scope: Scope;
  code: string;
  origin: string;
  mailer: Mailer;
  secret: string;
}) {
  const { project } = requireCodeManager(scope);
  const row = await findAccessCode(db, code);
  if (!row || row.projectId !== project.id) throw fail('not_found', 'code.no-such');
  if (!row.email) throw fail('rule_broken', 'code.resend-no-address');
  if (!isUsable(row)) throw fail('rule_broken', 'code.resend-unusable');
  const unit = row.unitId ? await findUnit(db, project.id, row.unitId) : undefined;
  const lastMail = await mailInvitation(
    mailer,
    provenInvitationMail({
      reader: await readerFor(db, project.options, row.email, languages),
      secret,
      origin,
      code,
      to: row.email,
      projectName: project.name,
      unitName: (unit?.data.name as string) ?? null,
      role: row.role,
      projectId: project.id,
    }),
  );
  return { ...accessCodeView(row, origin, (unit?.data.name as string | undefined) ?? null), lastMail };
}

/**
 * Sends an invitation and says how it went: a mail server's refusal does not undo the link
 * (it was made and can be copied), it is told on it (docs/access-codes.md, "Mails").
 */
export async function mailInvitation(mailer: Mailer, mail: Mail): Promise<MailEntry> {
  const at = new Date().toISOString();
  try {
    await mailer.send(mail);
    return { subject: mail.subject, status: mailer.kind === 'smtp' ? 'sent' : 'outbox', error: null, at };
  } catch (error) {
    return {
      subject: mail.subject,
      status: 'failed',
      error: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
      at,
    };
  }
}

const withdrawn = () => fail('forbidden', 'link.withdrawn', undefined, { reason: 'link-withdrawn' });

/** Why a code cannot be used: a reason code the /400 page turns into words, and the same words here. */
function refusal(row: AccessCodeRow | undefined): DomainError {
  if (!row) return fail('not_found', 'link.invalid', undefined, { reason: 'link-invalid' });
  if (row.revokedAt) return withdrawn();
  if (row.expiresAt && row.expiresAt <= new Date())
    return fail('forbidden', 'link.expired', undefined, { reason: 'link-expired' });
  return fail('forbidden', 'link.used', undefined, { reason: 'link-used' });
}

const isUsable = (row: AccessCodeRow | undefined): row is AccessCodeRow =>
  !!row && !row.revokedAt && !(row.expiresAt && row.expiresAt <= new Date()) && row.uses < row.maxUses;

/** "j•••@example.com": enough for the person to recognise their address, not to learn someone else's. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export interface ConsumeInput {
  db: Db;
  hooks: HookRegistry;
  actor: Actor | null;
  /** The project of the request's host: a code works only on its own project's subdomain. */
  projectKey: string | null;
  code: string;
  /** For a code made out to nobody (a sales-centre QR): the address of the new account. */
  email?: string | undefined;
  name?: string | undefined;
  /** The proof the invitation mail's link carried (mail-proof.ts), if it came from the mail. */
  proof?: string | undefined;
  /** The servers' shared secret, to check that proof. */
  secret: string;
  /** Sends the new account's address a link that verifies it. */
  verifyEmail: (input: { email: string; projectKey: string }) => Promise<void>;
  createSignInToken: (userId: string) => Promise<string>;
}

export type ConsumeResult = { account: 'new'; token: string; target: string } | { account: 'current'; target: string };

/**
 * POST /api/access-codes/consume/{code} (docs/access-codes.md). The rule: using a code never
 * yields a session for an account that existed before, unless the caller is already signed
 * in as that account.
 * - A code made out to an existing account's e-mail is redeemed only by that person, signed
 *   in: a visitor is asked to sign in first (401, the code kept for after), anyone else is
 *   refused (403).
 * - A code made out to a new e-mail creates that account, unverified (a link mailed to the
 *   address verifies it), and returns a single-use sign-in token for it.
 * - A code made out to nobody only ever creates a new account, for the address given.
 * A code grants at most what its creator may still grant in that project (never admin), and
 * is used up only when it is redeemed.
 */
export async function consumeAccessCode(input: ConsumeInput): Promise<ConsumeResult> {
  const { db, projectKey, code } = input;
  const found = await findAccessCodeWithProject(db, code);
  if (!found || found.projectKey !== projectKey) throw refusal(undefined);
  if (!isUsable(found.row)) throw refusal(found.row);
  const row = found.row;
  // A code its creator may no longer grant counts as withdrawn.
  if (!(await creatorMayGrant(db, row))) throw withdrawn();

  const person = await personFor(input, row);
  // Followed from the mail the portal sent to this very address: the address is proven (docs/access-codes.md, "Arriving").
  const isProven =
    person.kind === 'new' &&
    row.email !== null &&
    row.email === person.email &&
    isMailProof(input.secret, code, row.email, input.proof);
  const project = await requireProject(db, projectKey);
  const userId = await withWrites(
    db,
    { project, actorId: row.createdBy ?? '', origin: 'server', hooks: input.hooks },
    async (writer) => {
      const db = writer.db;
      const used = await useAccessCode(db, code);
      if (!used) throw refusal(await findAccessCode(db, code));
      const personId =
        person.kind === 'current'
          ? person.userId
          : await insertNewUser(db, person.email, person.name, { emailVerified: isProven });
      await grantMembership(db, { projectId: used.projectId, userId: personId, role: used.role });
      // The unit's change is recorded as the person's own: they accepted the invitation.
      if (used.unitId) {
        const joiner = { ...writer, actorId: personId };
        let deadline: string | null = null;
        await updateItem(joiner, 'units', used.unitId, (unit) => {
          deadline = typeof unit.data.deadline === 'string' ? unit.data.deadline : null;
          return withBuyer(unit.data, personId);
        });
        // The first buyer of a unit gets its selection to make; later ones (co-buyers) share it.
        if (used.role === 'purchaser' && !(await cartOfUnit(db, project.id, used.unitId))) {
          await createItem(joiner, 'carts', {
            unit: used.unitId,
            owner: personId,
            status: 'draft',
            deadline: deadline ?? defaultDeadline(project.options, writer.now),
          });
        }
      }
      return personId;
    },
  );

  const target = row.targetPath ?? '/';
  if (person.kind === 'current') return { account: 'current', target };
  if (!isProven) await input.verifyEmail({ email: person.email, projectKey: found.projectKey });
  return { account: 'new', token: await input.createSignInToken(userId), target };
}

/**
 * The deadline of a new selection when its unit has none: the project's default number of days
 * from now, at the end of a working day in the project's zone (docs/dates.md), or none.
 */
function defaultDeadline(options: Record<string, unknown>, now: Date): string | null {
  const days = options.defaultDeadlineDays;
  const timeZone = typeof options.timeZone === 'string' ? options.timeZone : DEFAULT_TIME_ZONE;
  return typeof days === 'number' && days > 0 ? workingDeadline(now, days, timeZone).toISOString() : null;
}

/** A unit with this person among its buyers (once); null when they already are. */
function withBuyer(unit: Record<string, unknown>, userId: string) {
  const buyers = Array.isArray(unit.buyers) ? (unit.buyers as string[]) : [];
  return buyers.includes(userId) ? null : { ...unit, buyers: [...buyers, userId] };
}

type Person = { kind: 'current'; userId: string } | { kind: 'new'; email: string; name: string };

/** Who a code is for, given who is calling; every refusal leaves the code unused. */
async function personFor({ db, actor, email: given, name }: ConsumeInput, row: AccessCodeRow): Promise<Person> {
  if (row.email) {
    if (actor) {
      if (actor.email.toLowerCase() === row.email) return { kind: 'current', userId: actor.userId };
      throw fail(
        'forbidden',
        'code.for-someone-else',
        { email: maskEmail(row.email) },
        {
          reason: 'link-other-account',
        },
      );
    }
    if (await findUserIdByEmail(db, row.email)) {
      throw fail('unauthenticated', 'code.sign-in-to-accept', undefined, {
        reason: 'link-sign-in',
        email: row.email,
      });
    }
    return { kind: 'new', email: row.email, name: name?.trim() || row.email.split('@')[0] || '' };
  }
  // A code made out to nobody only ever opens a new account.
  if (actor) {
    throw fail('conflict', 'link.new-accounts-only', undefined, {
      reason: 'link-new-accounts-only',
    });
  }
  const email = given?.trim().toLowerCase();
  if (!email)
    throw fail('bad_request', 'code.email-needed', undefined, { field: 'email', reason: 'link-email-needed' });
  if (await findUserIdByEmail(db, email)) {
    throw fail('conflict', 'link.account-exists', undefined, {
      field: 'email',
      reason: 'link-account-exists',
    });
  }
  return { kind: 'new', email, name: name?.trim() || email.split('@')[0] || '' };
}

/** A code grants at most what its maker may still grant there (mayStillGrant in core: the kinds' table). */
async function creatorMayGrant(db: Db, row: AccessCodeRow): Promise<boolean> {
  if (!row.createdBy) return false;
  const creator = await findUser(db, row.createdBy);
  if (!creator) return false;
  const unit = row.unitId ? await findUnit(db, row.projectId, row.unitId) : undefined;
  const buyers = Array.isArray(unit?.data.buyers) ? (unit.data.buyers as string[]) : [];
  return mayStillGrant(
    row.kind,
    { role: row.role, unitId: row.unitId },
    {
      isAdmin: creator.isAdmin,
      isDisabled: creator.disabled,
      role: await roleInProject(db, row.projectId, row.createdBy),
      isBuyerOfUnit: buyers.includes(row.createdBy),
    },
  );
}
