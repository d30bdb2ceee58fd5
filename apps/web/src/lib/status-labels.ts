import { cartStatusWord } from '@decor/core';
import type { CartListStatus, UnitRow } from './back-office-types.ts';

/** The words and colours of statuses across the back office (docs/back-office.md). */
export const CART_STATUS_LABEL: Record<CartListStatus, string> = {
  draft: cartStatusWord('draft', 'staff'),
  locked: cartStatusWord('locked', 'staff'),
  submitted: cartStatusWord('submitted', 'staff'),
  approved: cartStatusWord('approved', 'staff'),
};
export const CART_STATUS_COLOR: Record<CartListStatus, string> = { draft: '#4c6ef5', locked: '#e8590c', submitted: '#f59f00', approved: '#2f9e44' };
export const CART_STATUS_BADGE: Record<CartListStatus, string> = { draft: 'indigo', locked: 'orange', submitted: 'yellow', approved: 'green' };
export const UNIT_STATUS_LABEL: Record<UnitRow['status'], string> = { available: 'Available', reserved: 'Reserved', sold: 'Sold' };
export const UNIT_STATUS_COLOR: Record<UnitRow['status'], string> = { available: '#74b816', reserved: '#f59f00', sold: '#495057' };
export const UNIT_STATUS_BADGE: Record<UnitRow['status'], string> = { available: 'lime', reserved: 'yellow', sold: 'gray' };
