import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { canManageProject, DomainError, forbidden, notFound, safeNextPath, type ProjectRole } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Auth } from '../identity/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail } from '../mail/templates.ts';
import { grantMembership, roleInProject } from '../projects/memberships.repo.ts';
import type { ProjectRow } from '../projects/projects.repo.ts';
import {
  addBuyerToUnit,
  findAccessCode,
  findUnit,
  insertAccessCode,
  listAccessCodes,
  revokeAccessCode,
  useAccessCode,
  type AccessCodeRow,
} from './access-codes.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the one-time sign-in token that a consumed code returns stays valid. */
const SIGN_IN_TOKEN_MINUTES = 3;

/** An unguessable code: 20 characters of base32 (100 bits), easy to read aloud and type. */
function newCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}

async function requireManager(db: Db, actor: Actor, project: ProjectRow) {
  const role = await roleInProject(db, project.id, actor.userId);
  if (!canManageProject({ isAdmin: actor.isAdmin, role })) throw forbidden("Only this project's managers may manage access links.");
}

export function accessCodeView(row: AccessCodeRow, origin: string) {
  return {
    code: row.code,
    url: `${origin}/link/${row.code}`,
    email: row.email,
    unit: row.unitId,
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
  actor,
  project,
  input,
  origin,
  mailer,
}: {
  db: Db;
  actor: Actor;
  project: ProjectRow;
  input: CreateAccessCodeInput;
  origin: string;
  mailer: Mailer;
}) {
  await requireManager(db, actor, project);
  const unit = input.unit ? await findUnit(db, project.id, input.unit) : undefined;
  if (input.unit && !unit) throw new DomainError('rule_broken', 'That unit is not in this project.', { field: 'unit' });
  if (input.send && !input.email) throw new DomainError('bad_request', 'An e-mail address is needed to send the link.', { field: 'email' });
  const row = await insertAccessCode(db, {
    code: newCode(),
    projectId: project.id,
    unitId: unit?.id ?? null,
    email: input.email?.toLowerCase() ?? null,
    role: input.role,
    targetPath: input.targetPath ? safeNextPath(input.targetPath) : null,
    expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
    maxUses: input.maxUses,
    createdBy: actor.userId,
  });
  const view = accessCodeView(row, origin);
  if (input.send && row.email) {
    await mailer.send(invitationMail({ to: row.email, projectName: project.name, url: view.url, unitName: (unit?.data.name as string) ?? null }));
  }
  return view;
}

export async function listProjectAccessCodes({ db, actor, project, origin }: { db: Db; actor: Actor; project: ProjectRow; origin: string }) {
  await requireManager(db, actor, project);
  return (await listAccessCodes(db, project.id)).map((row) => accessCodeView(row, origin));
}

export async function revokeProjectAccessCode({ db, actor, project, code, origin }: { db: Db; actor: Actor; project: ProjectRow; code: string; origin: string }) {
  await requireManager(db, actor, project);
  const existing = await findAccessCode(db, code);
  if (!existing || existing.projectId !== project.id) throw notFound('There is no such access link in this project.');
  return accessCodeView((await revokeAccessCode(db, code))!, origin);
}

/** Why a code cannot be used, in the words shown on /400. */
function refusal(row: AccessCodeRow | undefined): DomainError {
  if (!row) return new DomainError('not_found', 'This link is not valid. Check that you copied all of it.');
  if (row.revokedAt) return new DomainError('forbidden', 'This link has been withdrawn. Ask the sales team for a new one.');
  if (row.expiresAt && row.expiresAt <= new Date()) return new DomainError('forbidden', 'This link has expired. Ask the sales team for a new one.');
  return new DomainError('forbidden', 'This link has already been used. Sign in, or ask the sales team for a new one.');
}

/**
 * POST /api/access-codes/consume/{code}: uses the code once, makes its person a member of
 * its project (and a buyer of its unit), and returns a single-use sign-in token.
 * A code made out to an e-mail signs that person in, creating the account if needed (the
 * mailed link proves the address); a code without one needs a signed-in person.
 */
export async function consumeAccessCode({ db, auth, actor, code }: { db: Db; auth: Auth; actor: Actor | null; code: string }) {
  const found = await findAccessCode(db, code);
  if (!found || found.revokedAt || (found.expiresAt && found.expiresAt <= new Date()) || found.uses >= found.maxUses) {
    throw refusal(found);
  }
  if (!found.email && !actor) {
    throw new DomainError('unauthenticated', 'Sign in first, then open this link again.');
  }

  const userId = await db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const used = await useAccessCode(db, code);
    if (!used) throw refusal(await findAccessCode(db, code));
    const personId = used.email ? await ensureUser(db, used.email) : actor!.userId;
    await grantMembership(db, { projectId: used.projectId, userId: personId, role: used.role });
    if (used.unitId) await addBuyerToUnit(db, { projectId: used.projectId, unitId: used.unitId, userId: personId });
    return personId;
  });

  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  if (!session) throw new DomainError('internal', 'Could not get access.');
  const token = crypto.randomBytes(32).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    identifier: `one-time-token:${token}`,
    value: session.token,
    expiresAt: new Date(Date.now() + SIGN_IN_TOKEN_MINUTES * 60_000),
  });
  return { token, target: found.targetPath ?? '/' };
}

async function ensureUser(db: Db, email: string): Promise<string> {
  const [existing] = await db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
  if (existing) {
    if (!existing.emailVerified) await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return existing.id;
  }
  const id = uuidv7();
  await db.insert(users).values({ id, email, name: email.split('@')[0] ?? '', emailVerified: true });
  return id;
}
