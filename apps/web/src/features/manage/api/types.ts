/** The shapes the back office's routes answer with (docs/api.md, "Back office"). */
export interface Person {
  _id: string;
  name: string;
  email: string;
}

export interface Page<T> {
  items: T[];
  next: string | null;
}

export type CartListStatus = 'draft' | 'locked' | 'submitted' | 'approved';

export interface CartRow {
  _id: string;
  _version: number;
  updatedAt: string;
  status: CartListStatus;
  deadline: string | null;
  total: number;
  revision: number;
  unit: { _id: string; name: string; floor: number } | null;
  buyers: Person[];
}

export interface CartFilter {
  status?: CartListStatus | undefined;
  floor?: number | undefined;
  due?: 'week' | undefined;
  overdue?: boolean | undefined;
  option?: string | undefined;
  q?: string | undefined;
}

export type HistoryChange =
  | { kind: 'created' | 'notes' | 'alternatives' | 'deleted' }
  | { kind: 'status'; from: string | null; to: string; comment?: string; fee?: number; deadline?: string }
  | { kind: 'added' | 'removed'; option: string; name: string }
  | { kind: 'package'; from: string | null; to: string | null }
  | { kind: 'deadline'; to: string | null }
  | { kind: 'signed'; name: string }
  | { kind: 'repriced'; from: number; to: number };

export interface HistoryEntry {
  _id: string;
  at: string;
  who: (Person & { role: string }) | null;
  changes: HistoryChange[];
}

export interface Dashboard {
  currency: string;
  units: Record<'available' | 'reserved' | 'sold', number>;
  carts: Record<CartListStatus, number>;
  buyers: { invited: number; joined: number; signedIn: number; submitted: number; approved: number };
  deadlines: { week: number; overdue: number };
  revenue: { approved: number; pending: number; open: number };
  topOptions: Array<{ id: string; name: string; category: string; count: number }>;
  topCategories: Array<{ id: string; name: string; count: number; upgrades: number }>;
}

export interface UnitRow {
  _id: string;
  _version: number;
  name: string;
  floor: number;
  status: 'available' | 'reserved' | 'sold';
  deadline: string | null;
  plan: string | null;
  cart: { _id: string; status: CartListStatus } | null;
  buyers: Person[];
}

export interface AccessLink {
  code: string;
  url: string;
  email: string | null;
  unit: string | null;
  unitName: string | null;
  lastUsedAt: string | null;
  role: 'purchaser' | 'manager';
  targetPath: string | null;
  expiresAt: string | null;
  maxUses: number;
  uses: number;
  revokedAt: string | null;
  createdAt: string;
}

export interface PurchasingReport {
  currency: string;
  purchases: number;
  total: number;
  groups: Array<{ vendor: string; sku: string; item: string; quantity: number; amount: number }>;
  lines: Array<{
    vendor: string;
    sku: string;
    item: string;
    category: string;
    unit: string;
    floor: number;
    room: string;
    quantity: number;
    unitPrice: number;
    amount: number;
    revision: number;
    approvedAt: string;
  }>;
}
