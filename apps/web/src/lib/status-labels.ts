import { useCallback } from 'react';
import { cartStatusWord } from '@decor/core';
import type { CartListStatus, UnitRow } from './back-office-types.ts';
import { useT } from './i18n.ts';

/** The colours of statuses across the back office (docs/back-office.md); their words come from the catalogue (useStatusWords). */
export const CART_STATUS_COLOR: Record<CartListStatus, string> = {
  draft: '#4c6ef5',
  locked: '#e8590c',
  submitted: '#f59f00',
  approved: '#2f9e44',
};
export const CART_STATUS_BADGE: Record<CartListStatus, string> = {
  draft: 'indigo',
  locked: 'orange',
  submitted: 'yellow',
  approved: 'green',
};
export const UNIT_STATUS_COLOR: Record<UnitRow['status'], string> = {
  available: '#74b816',
  reserved: '#f59f00',
  sold: '#495057',
};
export const UNIT_STATUS_BADGE: Record<UnitRow['status'], string> = {
  available: 'lime',
  reserved: 'yellow',
  sold: 'gray',
};

/** A selection's and a unit's status in the reader's words, as the design centre says them. */
export function useStatusWords() {
  const t = useT();
  const cart = useCallback((status: CartListStatus) => cartStatusWord(status, 'staff', t), [t]);
  const unit = useCallback((status: UnitRow['status']) => t(`app.unit-status.${status}`), [t]);
  return { cart, unit };
}
