import type { Translate } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { ProjectRow } from '../projects/index.ts';

/** A part another module adds to a selection's PDF (the payments' schedule): a heading, its lines, its totals. */
export interface CartPdfPart {
  heading: string;
  /** Each line: what, a detail (when it is due), the amount. */
  rows: Array<[string, string, string]>;
  totals: Array<[string, string]>;
}

export type CartPdfPartMaker = (args: {
  db: Db;
  project: ProjectRow;
  cartId: string;
  t: Translate;
  locale: string;
}) => Promise<CartPdfPart | null>;

/** The parts by their module's name: a module registering again (another app in the same process) replaces its own. */
const parts = new Map<string, CartPdfPartMaker>();

/**
 * Adds a part to every priced selection PDF, printed after its totals (docs/payments.md): how
 * a module that depends on carts prints into carts' document without carts knowing it.
 */
export function registerCartPdfPart(name: string, maker: CartPdfPartMaker): void {
  parts.set(name, maker);
}

export async function cartPdfParts(args: Parameters<CartPdfPartMaker>[0]): Promise<CartPdfPart[]> {
  const made = await Promise.all([...parts.values()].map((maker) => maker(args)));
  return made.filter((part): part is CartPdfPart => part !== null);
}
