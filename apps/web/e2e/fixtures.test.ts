import { describe, expect, it } from 'vitest';
import { asPerson, chooseInCart, createBuyerWithCompleteCart, createManager } from './support/fixtures.ts';

/**
 * The journeys' fixtures write straight into the database, beside a server that keeps the API's
 * reads until the change feed says they changed (docs/architecture.md, "Change feed"): each
 * fixture announces what it wrote, or a page read before it would hide it from every later one
 * (a unit name missing from a list one journey read, and shown by a page another drew).
 */
describe('fixtures written straight into the database', () => {
  type Named = { _id: string; name?: string };
  async function unitNames(manager: Awaited<ReturnType<typeof asPerson>>): Promise<string[]> {
    const names: string[] = [];
    for (let after = ''; ;) {
      const page = (await manager('GET', `/api/schema/units/?limit=200${after ? `&afterId=${after}` : ''}`))
        .json as Named[];
      names.push(...page.map((unit) => unit.name ?? ''));
      if (page.length < 200) return names;
      after = page.at(-1)!._id;
    }
  }

  it('are announced: a list or an item the server kept shows them at once', async () => {
    // A manager of its own: the demo manager's sign-in allowance is the other journeys'.
    const manager = await asPerson(await createManager());
    const before = await unitNames(manager);
    // Kept now: the same read again is served from what the server keeps.
    expect(await unitNames(manager)).toEqual(before);
    const buyer = await createBuyerWithCompleteCart({
      projectKey: 'demo',
      email: `fixture-${Date.now()}@example.test`,
      password: 'Fixture-pass-2026',
    });
    const added = (await unitNames(manager)).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^E2E-/);

    // A change of a cart's choices, read before and after.
    type Cart = { selections: Array<{ option: string }> };
    const cartBefore = (await manager('GET', `/api/schema/carts/${buyer.cartId}`)).json as Cart;
    const categories = (await manager('GET', '/api/schema/categories/?limit=200')).json as Array<
      Named & { required: boolean }
    >;
    const options = (await manager('GET', '/api/schema/options/?limit=200')).json as Array<
      Named & { category: string }
    >;
    const chosen = new Set(cartBefore.selections.map((s) => s.option));
    const other = options.find(
      (o) => !chosen.has(o._id) && categories.some((c) => c.required && c._id === o.category),
    )!;
    await chooseInCart({ cartId: buyer.cartId, category: other.category, option: other._id });
    const cartAfter = (await manager('GET', `/api/schema/carts/${buyer.cartId}`)).json as Cart;
    expect(cartAfter.selections.map((s) => s.option)).toContain(other._id);
  });
});
