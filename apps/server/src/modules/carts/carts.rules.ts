import {
  type Adjustment,
  cartTotal,
  fail,
  type RuleCategory,
  type RuleContext,
  type RuleOption,
  ruleViolations,
  type Selection,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import { cartItems } from './carts.repo.ts';

/** What the rules need to judge a cart (its options, their categories, the unit's plan), and its package's adjustment. */
export interface CartContext extends RuleContext {
  packageAdjustment: number;
}

/** The rules' view of a cart, read in one query. */
export async function ruleContextFor(
  db: Db,
  projectId: string,
  cart: Record<string, unknown>,
  isOpen = true,
): Promise<CartContext> {
  const selections = (cart.selections ?? []) as Selection[];
  const packageId = typeof cart.package === 'string' ? cart.package : null;
  const rows = await cartItems(db, projectId, {
    options: selections.map((s) => s.option),
    units: [String(cart.unit ?? '')],
    packages: packageId ? [packageId] : [],
  });
  const options = new Map<string, RuleOption>();
  const categories = new Map<string, RuleCategory>();
  let planId: string | null = null;
  let packageAdjustment = 0;
  for (const { id, collection, data } of rows) {
    if (collection === 'options') {
      options.set(id, {
        _id: id,
        name: String(data.name ?? ''),
        category: String(data.category ?? ''),
        price: Number(data.price ?? 0),
        plans: (data.plans as string[]) ?? [],
        requires: (data.requires as string[]) ?? [],
        excludes: (data.excludes as string[]) ?? [],
        active: data.active !== false,
      });
    } else if (collection === 'units') {
      planId = typeof data.plan === 'string' ? data.plan : null;
    } else if (collection === 'packages' && id === packageId) {
      packageAdjustment = Number(data.priceAdjustment ?? 0);
    } else if (collection === 'categories') {
      categories.set(id, {
        _id: id,
        name: String(data.name ?? ''),
        required: data.required === true,
        multiple: data.multiple === true,
        allowance: Number(data.allowance ?? 0),
      });
    }
  }
  return { options, categories, planId, isOpen, packageAdjustment };
}

/** The server's total of a cart: option prices × quantities plus the package's adjustment and the change-order fees. */
export function totalOf(cart: Record<string, unknown>, context: CartContext): number {
  const selections = (cart.selections ?? []) as Selection[];
  const fees = (cart.fees ?? []) as Adjustment[];
  return cartTotal({
    selections,
    priceOf: (id) => context.options.get(id)?.price,
    packageAdjustment: context.packageAdjustment,
    fees,
  });
}

/** Refuses a cart whose choices break a rule: 422 naming the rule, the cart unchanged. */
export async function enforceCartRules(db: Db, projectId: string, cart: Record<string, unknown>) {
  const context = await ruleContextFor(db, projectId, cart);
  const violations = ruleViolations((cart.selections ?? []) as Selection[], context);
  if (violations.length) {
    const first = violations[0]!;
    const name = context.options.get(first.option)?.name ?? 'This choice';
    throw fail('rule_broken', 'cart.rule', { name, rule: first.message }, { violations });
  }
  return context;
}
