/** The back office's answers: the contracts in core (docs/api.md, "Back office"), and the list filter. */
export type {
  AccessLink,
  CartListStatus,
  CartRow,
  Dashboard,
  HistoryChange,
  HistoryEntry,
  Page,
  Person,
  PurchasingReport,
  UnitRow,
} from '@decor/core';
import type { CartListStatus } from '@decor/core';

export interface CartFilter {
  /** A status, or `signed`: submitted or approved. */
  status?: CartListStatus | 'signed' | undefined;
  floor?: number | undefined;
  due?: 'week' | undefined;
  /** Submitted selections whose review-by day has passed. */
  overdue?: boolean | undefined;
  option?: string | undefined;
  q?: string | undefined;
}
