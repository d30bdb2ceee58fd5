/**
 * Where a signed selection's payments stand, as the staff's list filters them
 * (docs/payments.md). Alone and without imports: the payments page's address is read by the
 * app's first code (its route's search), which must not pull the payments' schemas in.
 */
export const PAYMENT_STATES = ['overdue', 'due', 'open', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
