import { DomainError, ruleViolations, type RuleCategory, type RuleContext, type RuleOption, type Selection } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { itemsById } from './carts.repo.ts';

/** What the rules need to judge a cart: its options, their categories, the unit's plan. */
export async function ruleContextFor(db: Db, projectId: string, cart: Record<string, unknown>, isOpen = true): Promise<RuleContext> {
  const selections = (cart.selections ?? []) as Selection[];
  const rows = await itemsById(db, projectId, [...selections.map((s) => s.option), String(cart.unit ?? '')]);
  const options = new Map<string, RuleOption>();
  let planId: string | null = null;
  for (const row of rows) {
    if (row.collection === 'options') {
      const d = row.data;
      options.set(row.id, {
        _id: row.id,
        name: String(d.name ?? ''),
        category: String(d.category ?? ''),
        price: Number(d.price ?? 0),
        plans: (d.plans as string[]) ?? [],
        requires: (d.requires as string[]) ?? [],
        excludes: (d.excludes as string[]) ?? [],
        active: d.active !== false,
      });
    } else if (row.collection === 'units') {
      planId = typeof row.data.plan === 'string' ? row.data.plan : null;
    }
  }
  const categoryRows = await itemsById(db, projectId, [...options.values()].map((o) => o.category));
  const categories = new Map<string, RuleCategory>(
    categoryRows
      .filter((row) => row.collection === 'categories')
      .map((row) => [
        row.id,
        {
          _id: row.id,
          name: String(row.data.name ?? ''),
          required: row.data.required === true,
          multiple: row.data.multiple === true,
          allowance: Number(row.data.allowance ?? 0),
        },
      ]),
  );
  return { options, categories, planId, isOpen };
}

/** Refuses a cart whose choices break a rule: 422 naming the rule, the cart unchanged. */
export async function enforceCartRules(db: Db, projectId: string, cart: Record<string, unknown>) {
  const context = await ruleContextFor(db, projectId, cart);
  const violations = ruleViolations((cart.selections ?? []) as Selection[], context);
  if (violations.length) {
    const first = violations[0]!;
    const name = context.options.get(first.option)?.name ?? 'This choice';
    throw new DomainError('rule_broken', `${name}: ${first.message}`, { violations });
  }
  return context;
}
