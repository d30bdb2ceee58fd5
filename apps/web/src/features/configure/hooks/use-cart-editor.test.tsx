import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuleCategory, RuleContext, RuleOption, Selection } from '@decor/core';
import type { CartItem } from '../../../lib/configurator-data.ts';
import { useCartEditor } from './use-cart-editor.ts';

/*
 * The cart editor's own logic: saves in order, a change made elsewhere merged, a refusal rolled
 * back. The network is the one thing replaced: `fetch` answers from a small cart kept here, as
 * the server would (version, total, 409 with the current cart, 422 with its reason). The real
 * server and browser are the browser journeys' (configure.test.ts).
 */

const category = (id: string, extra: Partial<RuleCategory> = {}): RuleCategory => ({
  _id: id,
  name: id,
  required: false,
  multiple: false,
  allowance: 0,
  ...extra,
});
const option = (id: string, categoryId: string, price: number): RuleOption => ({
  _id: id,
  name: id,
  category: categoryId,
  price,
  plans: [],
  requires: [],
  excludes: [],
  active: true,
});
const context: RuleContext = {
  options: new Map(
    [
      option('oak', 'floor', 1000),
      option('tile', 'floor', 2000),
      option('white', 'paint', 300),
      option('grey', 'paint', 400),
    ].map((o) => [o._id, o]),
  ),
  categories: new Map([category('floor'), category('paint')].map((c) => [c._id, c])),
  planId: null,
  isOpen: true,
};
const priceOf = (selections: Selection[]) =>
  selections.reduce((sum, s) => sum + (context.options.get(s.option)?.price ?? 0) * s.quantity, 0);

/** The cart as the server keeps it, and what it was asked. */
function cartServer(start: Selection[] = []) {
  const cart = {
    _id: 'cart-1',
    _version: 1,
    selections: start,
    total: priceOf(start),
    package: null as string | null,
    budget: null as number | null,
  };
  const asked: Array<{ ifMatch: string; selections: Selection[] }> = [];
  let refuseNext: string | null = null;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { selections: Selection[] };
      const ifMatch = new Headers(init.headers).get('if-match') ?? '';
      asked.push({ ifMatch, selections: body.selections });
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (refuseNext) {
        const message = refuseNext;
        refuseNext = null;
        return json(422, { error: { code: 'rule_broken', message } });
      }
      if (Number(ifMatch) !== cart._version)
        return json(409, { error: { code: 'conflict', message: 'Changed since.', details: { current: { ...cart } } } });
      Object.assign(cart, {
        selections: body.selections,
        _version: cart._version + 1,
        total: priceOf(body.selections),
      });
      return json(200, { ...cart });
    }),
  );
  return {
    cart,
    asked,
    /** Another tab or the co-buyer changes the cart meanwhile. */
    changeElsewhere(selections: Selection[]) {
      Object.assign(cart, { selections, _version: cart._version + 1, total: priceOf(selections) });
    },
    refuseNext(message: string) {
      refuseNext = message;
    },
  };
}

function editorOn(server: ReturnType<typeof cartServer>) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const initial = { ...server.cart } as unknown as CartItem;
  return renderHook(() => useCartEditor(initial, context), { wrapper });
}

afterEach(() => vi.unstubAllGlobals());

/** Once the server was asked `count` times and the editor has taken in the last answer. */
async function settled(server: ReturnType<typeof cartServer>, count: number) {
  await waitFor(() => expect(server.asked.length).toBe(count));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

describe('the cart editor', () => {
  it('shows a choice at once and saves the choices in order, each on the version the last one made', async () => {
    const server = cartServer();
    const { result } = editorOn(server);
    act(() => void result.current.toggle('oak', 'living'));
    act(() => void result.current.toggle('white', 'living'));
    expect(result.current.selections.map((s) => s.option)).toEqual(['oak', 'white']);
    await settled(server, 2);
    expect(server.asked.map((a) => [a.ifMatch, a.selections.map((s) => s.option)])).toEqual([
      ['1', ['oak']],
      ['2', ['oak', 'white']],
    ]);
    expect(result.current.total).toBe(1300);
  });

  it('adds a choice to a cart changed elsewhere meanwhile, keeps both, and says so', async () => {
    const server = cartServer([{ option: 'oak', room: 'living', quantity: 1 }]);
    const { result } = editorOn(server);
    server.changeElsewhere([
      { option: 'oak', room: 'living', quantity: 1 },
      { option: 'grey', room: 'living', quantity: 1 },
    ]);
    act(() => void result.current.toggle('tile', 'kitchen'));
    await settled(server, 2);
    expect(result.current.selections.map((s) => s.option).sort()).toEqual(['grey', 'oak', 'tile']);
    expect(server.cart.selections.map((s) => s.option).sort()).toEqual(['grey', 'oak', 'tile']);
    expect(result.current.notice).toMatchObject({
      tone: 'blue',
      text: expect.stringContaining('also changed elsewhere'),
    });
    expect(result.current.total).toBe(1000 + 400 + 2000);
  });

  it('puts the choices back as the server keeps them when it refuses one, with its reason', async () => {
    const server = cartServer([{ option: 'oak', room: 'living', quantity: 1 }]);
    const { result } = editorOn(server);
    server.refuseNext('Tile cannot go in this room.');
    act(() => void result.current.toggle('tile', 'living'));
    expect(result.current.selections.map((s) => s.option)).toEqual(['tile']);
    await settled(server, 1);
    expect(result.current.selections.map((s) => s.option)).toEqual(['oak']);
    expect(result.current.notice).toMatchObject({ tone: 'red', text: 'Tile cannot go in this room.' });
    expect(result.current.total).toBe(1000);
  });
});
