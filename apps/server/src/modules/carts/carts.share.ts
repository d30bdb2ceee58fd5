import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, effectiveStatus, fail, hasFeature, initialsOf, type SharedCartView } from '@decor/core';
import type { Scope } from '../projects/index.ts';
import { findProjectByKey } from '../projects/index.ts';
import type { Db } from '../../db/client.ts';
import { hasCart, insertShareLink, revokeShareLink, shareLinkByTokenHash, shareLinksOf } from './share-links.repo.ts';
import { cartScope } from './carts.operations.ts';
import { readCart } from './carts.repo.ts';
import { cartDocument } from './carts.document.ts';

/**
 * Share links (docs/screens.md `/preview`): a signed, expiring, read-only view of one cart.
 * The token is short enough to paste anywhere (50 characters): the cart's id, the expiry
 * and whether prices are shown, followed by an HMAC-SHA256 (truncated to 128 bits) under a
 * key derived from the auth secret, over the project's id and that payload: a link cannot be
 * widened, and a link of one project is no link in another, even to a cart of the same id. Each link given is kept by
 * the hash of its token (never the link): the buyers see which links are out and withdraw one.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const SHARE_DAYS_DEFAULT = 14;
export const SHARE_DAYS_MAX = 90;
const MAC_BYTES = 16;
const PAYLOAD_BYTES = 16 + 4 + 1;

const keyOf = (secret: string) => createHash('sha256').update(`decor-share:${secret}`).digest();
/** The MAC of a link of `project`; links made before links named their project have none (`null`). */
const macOf = (payload: Buffer, secret: string, project: string | null) => {
  const hmac = createHmac('sha256', keyOf(secret));
  if (project) hmac.update(`project:${project}:`);
  return hmac.update(payload).digest().subarray(0, MAC_BYTES);
};

function signToken(
  { cart, expiresAt, prices, project }: { cart: string; expiresAt: Date; prices: boolean; project: string },
  secret: string,
): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  Buffer.from(cart.replace(/-/g, ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 16);
  payload.writeUInt8(prices ? 1 : 0, 20);
  return Buffer.concat([payload, macOf(payload, secret, project)]).toString('base64url');
}

/**
 * The claims of a link opened in `project`. A link signed for another project is refused as
 * invalid; one signed before links named their project (`legacy`) is checked against the
 * project by the caller.
 */
function readToken(token: string, secret: string, now: Date, project: string | null) {
  const bytes = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const mac = bytes.subarray(PAYLOAD_BYTES);
  const whole = bytes.length === PAYLOAD_BYTES + MAC_BYTES;
  const ours = whole && project !== null && timingSafeEqual(mac, macOf(payload, secret, project));
  const legacy = whole && !ours && timingSafeEqual(mac, macOf(payload, secret, null));
  if (!ours && !legacy) {
    throw fail('bad_request', 'share.invalid', undefined, { reason: 'invalid' });
  }
  const expiresAt = new Date(payload.readUInt32BE(16) * 1000);
  if (expiresAt.getTime() <= now.getTime())
    throw fail('bad_request', 'share.expired', undefined, { reason: 'expired' });
  const hex = payload.subarray(0, 16).toString('hex');
  const cart = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { cart, prices: payload.readUInt8(20) === 1, expiresAt: expiresAt.toISOString(), legacy };
}

export async function shareCart({
  db,
  scope,
  cartId,
  prices,
  days,
  secret,
  origin,
  now = new Date(),
}: {
  db: Db;
  scope: Promise<Scope>;
  cartId: string;
  prices: boolean;
  days: number;
  secret: string;
  origin: string;
  now?: Date;
}) {
  const { project, plan } = await cartScope(db, scope);
  if (!hasFeature(project.features, 'shareLinks')) throw fail('forbidden', 'feature.off', { feature: 'Share links' });
  await readCart(db, { projectId: project.id, where: plan.where, cartId });
  const expiresAt = new Date(Math.floor((now.getTime() + days * 86_400_000) / 1000) * 1000);
  const token = signToken({ cart: cartId, expiresAt, prices, project: project.id }, secret);
  const { actor } = await scope;
  await insertShareLink(db, {
    projectId: project.id,
    cartId,
    tokenHash: hashOf(token),
    prices,
    expiresAt,
    createdBy: actor?.userId ?? null,
  });
  return { token, url: `${origin}/preview?token=${token}`, expiresAt: expiresAt.toISOString(), prices };
}

export interface ShareLinkView {
  _id: string;
  prices: boolean;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  state: 'active' | 'expired' | 'withdrawn';
  byName: string | null;
}

/** GET /api/carts/{id}/shares: the links given for this cart, newest first, with their state. */
export async function listShares({
  db,
  scope,
  cartId,
  now = new Date(),
}: {
  db: Db;
  scope: Promise<Scope>;
  cartId: string;
  now?: Date;
}): Promise<ShareLinkView[]> {
  const { project, plan } = await cartScope(db, scope);
  await readCart(db, { projectId: project.id, where: plan.where, cartId });
  const rows = await shareLinksOf(db, { projectId: project.id, cartId });
  return rows.map((row) => {
    const expiresAt = new Date(row.expires_at);
    return {
      _id: row.id,
      prices: row.prices,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: expiresAt.toISOString(),
      revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
      state: row.revoked_at ? 'withdrawn' : expiresAt <= now ? 'expired' : 'active',
      byName: row.by_name,
    };
  });
}

/** POST /api/carts/{id}/shares/{shareId}/revoke: the link stops working at once. */
export async function revokeShare({
  db,
  scope,
  cartId,
  shareId,
  now = new Date(),
}: {
  db: Db;
  scope: Promise<Scope>;
  cartId: string;
  shareId: string;
  now?: Date;
}) {
  const { project, plan } = await cartScope(db, scope);
  await readCart(db, { projectId: project.id, where: plan.where, cartId });
  if (!(await revokeShareLink(db, { projectId: project.id, cartId, shareId, now })))
    throw fail('not_found', 'share.no-such');
  return (await listShares({ db, scope, cartId, now })).find((link) => link._id === shareId)!;
}

/** GET /api/shared/{token}: the cart as its share allows, for anyone holding the link. */
export async function sharedCart({
  db,
  token,
  secret,
  projectKey,
  now = new Date(),
}: {
  db: Db;
  token: string;
  secret: string;
  projectKey: string | null;
  now?: Date;
}): Promise<SharedCartView> {
  // A link is for the cart of the project it is opened in, and only there: the token names a
  // cart by id and is signed for its project; ids are looked up in the project of the request
  // (docs/security.md, "Ids").
  const project = projectKey ? await findProjectByKey(db, projectKey) : undefined;
  let claims: ReturnType<typeof readToken>;
  try {
    claims = readToken(token, secret, now, project?.id ?? null);
  } catch (error) {
    if (!(error instanceof DomainError) || error.key !== 'share.invalid') throw error;
    // A link given in another project is gone here (not "invalid": it was copied whole).
    if (await shareLinkByTokenHash(db, hashOf(token))) throw fail('not_found', 'share.gone');
    throw error;
  }
  if (!project || project.archivedAt) throw fail('not_found', 'share.gone');
  // A link its buyers withdrew stops at once (links given before links were kept have no row).
  const given = await shareLinkByTokenHash(db, hashOf(token));
  // A link signed before links named their project counts only where it was given.
  if (claims.legacy && given?.project_id !== project.id) throw fail('not_found', 'share.gone');
  if (given?.revoked_at) throw fail('bad_request', 'share.withdrawn', undefined, { reason: 'withdrawn' });
  if (!(await hasCart(db, { projectId: project.id, cartId: claims.cart }))) throw fail('not_found', 'share.gone');
  // Turning share links off withdraws the ones already given too.
  if (!hasFeature(project.features, 'shareLinks')) throw fail('not_found', 'share.gone');
  const cart = await readCart(db, { projectId: project.id, cartId: claims.cart, missing: 'share.no-longer' });
  const doc = await cartDocument(db, project, cart);
  const withPrice = <T extends { price?: number; amount?: number }>(value: T) => {
    if (claims.prices) return value;
    const { price: _price, amount: _amount, ...rest } = value;
    return rest;
  };
  return {
    project: {
      key: project.key,
      name: project.name,
      currency: project.currency,
      locale: doc.project.options.locale,
      timeZone: doc.project.options.timeZone,
      theme: doc.project.theme,
    },
    unit: doc.unit,
    plan: doc.plan,
    status: effectiveStatus(cart, now),
    revision: cart.revision ?? 1,
    showsPrices: claims.prices,
    expiresAt: claims.expiresAt,
    rooms: doc.project.rooms,
    categories: [...doc.categories.values()],
    options: [...doc.options.values()].map(withPrice),
    selections: cart.selections,
    package: doc.package ? withPrice({ name: doc.package.name, price: doc.package.priceAdjustment }) : null,
    ...(claims.prices ? { total: doc.total, deposit: doc.deposit, depositPercent: doc.depositPercent } : {}),
    signature: cart.signature ? { initials: initialsOf(cart.signature.name), signedAt: cart.signature.signedAt } : null,
  };
}
