import { queryOptions } from '@tanstack/react-query';
import type { CartMoney, LedgerEntryInput, PaymentRow, PaymentState } from '@decor/core';
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
