import { fail, INVITE_CO_BUYER_LIMITS } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { cartScope, readCart } from '../carts/index.ts';
import { readerFor, type Mailer } from '../mail/index.ts';
import type { Scope } from '../projects/index.ts';
import { findUserIdByEmail } from '../users/index.ts';
import { accessCodeValues, accessCodeView, INVITATION_DEFAULTS, mailInvitation } from './access-codes.operations.ts';
import { countWaitingInvitationsBy, findUnit, insertAccessCode } from './access-codes.repo.ts';
import { provenInvitationMail } from './mail-proof.ts';

/**
 * POST /api/carts/{id}/co-buyers (docs/access-codes.md, "Co-buyers"): the buyer whose selection
 * it is invites someone to buy the home with them — an invitation to the unit by the same rules
 * as the design centre's, mailed at once. Held to a few waiting invitations and a few buyers a
 * home; someone already a buyer of it is told so.
 */
export async function inviteCoBuyer({
  db,
  scope,
  cartId,
  email,
  origin,
  mailer,
  secret,
  languages = [],
}: {
  /** The languages of the page that asked: the mail is in them unless the invited account chose one. */
  languages?: readonly string[];
  db: Db;
  scope: Promise<Scope>;
  cartId: string;
  email: string;
  origin: string;
  mailer: Mailer;
  secret: string;
}) {
  const { project, actor, plan } = await cartScope(db, scope);
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  if (!actor || cart.owner !== actor.userId) throw fail('forbidden', 'code.owner-only');
  const unit = await findUnit(db, project.id, String(cart.unit));
  if (!unit) throw fail('not_found', 'code.unit-elsewhere');
  const buyers = Array.isArray(unit.data.buyers) ? (unit.data.buyers as string[]) : [];
  const invited = await findUserIdByEmail(db, email);
  if (invited && buyers.includes(invited)) throw fail('conflict', 'code.already-buyer', undefined, { field: 'email' });
  if (buyers.length >= INVITE_CO_BUYER_LIMITS.buyers)
    throw fail('conflict', 'code.unit-full', { max: INVITE_CO_BUYER_LIMITS.buyers });
  if (
    (await countWaitingInvitationsBy(db, { projectId: project.id, unitId: unit.id, createdBy: actor.userId })) >=
    INVITE_CO_BUYER_LIMITS.waiting
  )
    throw fail('conflict', 'code.too-many-waiting', { max: INVITE_CO_BUYER_LIMITS.waiting });
  const row = await insertAccessCode(
    db,
    accessCodeValues({
      ...INVITATION_DEFAULTS,
      kind: 'co-buyer-invitation',
      projectId: project.id,
      unitId: unit.id,
      email,
      createdBy: actor.userId,
    }),
  );
  const unitName = typeof unit.data.name === 'string' ? unit.data.name : null;
  const lastMail = await mailInvitation(
    mailer,
    provenInvitationMail({
      reader: await readerFor(db, project.options, email, languages),
      invitedBy: actor.name || actor.email,
      secret,
      origin,
      code: row.code,
      to: email,
      projectName: project.name,
      unitName,
      role: row.role,
      projectId: project.id,
    }),
  );
  return { ...accessCodeView(row, origin, unitName), lastMail };
}
