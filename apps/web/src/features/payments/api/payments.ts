import { queryOptions } from '@tanstack/react-query';
import type { CardCheckout, CartMoney, LedgerEntryInput, PaymentRow, PaymentState } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** A selection's money: what it owes and when, what was paid (docs/payments.md). */
export const cartMoneyQuery = (cartId: string) =>
  queryOptions({ queryKey: ['payments', cartId], queryFn: () => api<CartMoney>(`/api/carts/${cartId}/payments`) });

/** Every signed selection's money, for the staff; `state` filters. */
export const paymentsListQuery = (state?: PaymentState) =>
  queryOptions({
    queryKey: ['payments', 'list', state ?? 'all'],
    queryFn: () => api<PaymentRow[]>(`/api/manage/payments${state ? `?state=${state}` : ''}`),
  });

export function recordLedgerEntry(cartId: string, entry: LedgerEntryInput) {
  return api<CartMoney>(`/api/manage/carts/${cartId}/ledger`, { method: 'POST', body: entry });
}

/**
 * Begins paying by card up to a scheduled amount: the server works out how much and answers the
 * processor's hosted page. The same key for the same click, so a retried request opens one page.
 */
export function beginCardPayment(cartId: string, upTo: string, idempotencyKey: string) {
  return api<CardCheckout>(`/api/carts/${cartId}/payments/card`, {
    method: 'POST',
    body: { upTo },
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** How a card payment stands once the buyer is back from the hosted page (a paid one is recorded then). */
export const cardCheckoutQuery = (cartId: string, checkoutId: string) =>
  queryOptions({
    queryKey: ['payments', cartId, 'card', checkoutId],
    queryFn: () => api<CardCheckout>(`/api/carts/${cartId}/payments/card/${encodeURIComponent(checkoutId)}`),
  });
