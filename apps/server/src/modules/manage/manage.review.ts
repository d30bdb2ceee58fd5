import {
  type BulkApproveResult,
  DomainError,
  paymentTermsSchema,
  projectOptionsSchema,
  type ReviewQueueItem,
  reviewDueBy,
  reviewOverdueBefore,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import { transitionCart } from '../carts/index.ts';
import { type CartMoneyFigures, moneyOfCarts } from '../payments/index.ts';
import type { HookRegistry } from '../decor/index.ts';
import { requireManager, type Scope } from '../projects/index.ts';
import { submittedCarts } from './manage.repo.ts';
import { cartRowOf, withMailRefused } from './manage.operations.ts';

const dayText = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * GET /api/manage/review-queue (docs/back-office.md, "Waiting for you"): the submitted
 * selections in the order their reviews are due — the project's review days after each
 * signature, in its zone — so the overdue ones come first.
 */
export async function reviewQueue({
  db,
  scope,
  now = new Date(),
}: {
  db: Db;
  scope: Scope;
  now?: Date;
}): Promise<ReviewQueueItem[]> {
  const { project } = requireManager(scope);
  const options = projectOptionsSchema.parse(project.options ?? {});
  const overdueBefore = reviewOverdueBefore(now, options.reviewDays, options.timeZone);
  const rows = await withMailRefused(db, project.id, await submittedCarts(db, project.id));
  // A project that approves once the deposit is paid shows what each selection still awaits.
  const depositFirst = paymentTermsSchema.parse(options.payments ?? {}).depositBeforeApproval;
  const money = depositFirst ? await moneyOfCarts(db, project) : new Map<string, CartMoneyFigures>();
  return rows.map((row) => {
    const signedAt = row.signed_at ? new Date(row.signed_at) : null;
    return {
      ...cartRowOf(row),
      status: 'submitted',
      signedAt: signedAt?.toISOString() ?? null,
      dueBy: signedAt ? dayText(reviewDueBy(signedAt, options.reviewDays, options.timeZone)) : null,
      overdue: signedAt ? signedAt < overdueBefore : true,
      depositAwaited: money.get(row.id)?.awaitedAtSigning ?? 0,
    };
  });
}

/**
 * POST /api/manage/review-queue/approve: each selection approved exactly as one approval is
 * (its own transaction, purchase, audit entry and mails to its buyers); one that cannot be
 * approved (changed meanwhile, no longer submitted, not of this project) is named with the
 * reason and the others go on.
 */
export async function approveMany({
  db,
  hooks,
  scope,
  carts,
  comment,
}: {
  db: Db;
  hooks: HookRegistry;
  scope: Promise<Scope>;
  carts: string[];
  comment?: string | undefined;
}): Promise<BulkApproveResult> {
  requireManager(await scope);
  const result: BulkApproveResult = { approved: [], refused: [] };
  for (const cartId of new Set(carts)) {
    try {
      await transitionCart({ db, hooks, scope, cartId, action: 'approve', comment });
      result.approved.push(cartId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.refused.push({
        cart: cartId,
        code: error.code,
        message: error.message,
        ...(error.key ? { key: error.key } : {}),
      });
    }
  }
  return result;
}
