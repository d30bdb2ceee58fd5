import { fail } from '@decor/core';
import type { CardProcessor } from './payments.card.ts';

/**
 * A refund of one payment (`refundOf`), never more than is left of it: a payment taken by card
 * through the processor is given back through it first (its refund's id recorded, so the webhook
 * that reports it changes nothing), in the caller's transaction under the ledger lock.
 */
export async function refundOfPayment({
  processor,
  entries,
  refundOf,
  amount,
  reason,
  entryId,
}: {
  processor: CardProcessor | null;
  entries: ReadonlyArray<{
    id: string;
    kind: string;
    amount: number;
    external_id: string | null;
    refund_of: string | null;
  }>;
  refundOf: string;
  amount: number;
  reason: string;
  entryId: string;
}): Promise<{ externalId: string | null; reference: string | null }> {
  const payment = entries.find((entry) => entry.id === refundOf && entry.kind === 'payment');
  if (!payment) throw fail('bad_request', 'payments.refund-of-unknown', undefined, { field: 'refundOf' });
  const given = entries.filter((entry) => entry.refund_of === payment.id).reduce((sum, entry) => sum + entry.amount, 0);
  if (amount > payment.amount - given)
    throw fail('rule_broken', 'payments.refund-over', undefined, { field: 'amount', paid: payment.amount - given });
  if (!payment.external_id) return { externalId: null, reference: null };
  if (!processor) throw fail('conflict', 'payments.card-off');
  const refund = await processor.refund(
    { paymentIntent: payment.external_id, amount, metadata: { reason: reason.slice(0, 450), entry: entryId } },
    `refund:${entryId}`,
  );
  return { externalId: refund.id, reference: refund.id };
}
