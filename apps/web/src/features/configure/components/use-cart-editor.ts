import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyPackage, choose, RuleBrokenError, unchoose, type RuleContext, type Selection } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { CartItem } from '../../../lib/configurator-data.ts';
import { cartQuery } from '../../../lib/cart-query.ts';

type Change = (selections: Selection[]) => Selection[];

export interface CartEditor {
  selections: Selection[];
  total: number;
  isSaving: boolean;
  notice: { tone: 'red' | 'blue'; text: string } | null;
  packageId: string | null;
  budget: number | null;
  /** Saves the buyer's budget through the same ordered, versioned saves as the choices. */
  setBudget(budget: number | null): void;
  toggle(optionId: string, room: string | undefined): void;
  /** Applies a package's options in one step (one save) and records it on the cart. */
  applyPackage(packageId: string, optionIds: string[], roomsFor: (optionId: string) => Array<string | undefined>): void;
  dismissNotice(): void;
}

/**
 * Choosing with an optimistic screen: the change shows at once and is saved in order; the
 * server's answer (total, version) wins. A change made meanwhile elsewhere (another tab, a
 * co-buyer) is not lost: the choice is applied again on top of it and saved, and the buyer
 * is told. A refused choice is undone on screen with the server's reason.
 */
export function useCartEditor(initial: CartItem, context: RuleContext): CartEditor {
  const queryClient = useQueryClient();
  const server = useRef({ selections: initial.selections as Selection[], version: initial._version, total: initial.total, package: initial.package ?? null });
  const [packageId, setPackageId] = useState<string | null>(initial.package ?? null);
  const [budget, setBudgetState] = useState<number | null>(initial.budget ?? null);
  const [selections, setSelectionsState] = useState<Selection[]>(initial.selections);
  const latest = useRef<Selection[]>(initial.selections);
  const setSelections = useCallback((next: Selection[]) => {
    latest.current = next;
    setSelectionsState(next);
  }, []);
  const [total, setTotal] = useState(initial.total);
  const [isSaving, setSaving] = useState(false);
  const [notice, setNotice] = useState<CartEditor['notice']>(null);
  const queue = useRef(Promise.resolve());

  const save = useCallback(
    (change: Change, extra: { package?: string | null; budget?: number | null } = {}) => {
      queue.current = queue.current.then(async () => {
        setSaving(true);
        for (let attempt = 0; attempt < 2; attempt++) {
          let next: Selection[];
          try {
            next = change(server.current.selections);
          } catch (error) {
            setSelections(server.current.selections);
            setNotice({ tone: 'red', text: error instanceof RuleBrokenError ? error.message : 'That choice could not be made.' });
            break;
          }
          try {
            const saved = await api<CartItem>(`/api/schema/carts/${initial._id}`, {
              method: 'PATCH',
              body: { selections: next, ...extra },
              headers: { 'if-match': String(server.current.version) },
            });
            server.current = { selections: saved.selections, version: saved._version, total: saved.total, package: saved.package ?? null };
            setTotal(saved.total);
            setPackageId(saved.package ?? null);
            setBudgetState(saved.budget ?? null);
            // My selection and My home read the same cart: give them the saved version.
            queryClient.setQueryData(cartQuery(initial._id).queryKey, saved);
            void queryClient.invalidateQueries({ queryKey: ['carts', 'mine'] });
            break;
          } catch (error) {
            const current = error instanceof ApiError && error.code === 'conflict' ? (error.details as { current?: CartItem } | undefined)?.current : undefined;
            if (current && attempt === 0) {
              server.current = { selections: current.selections, version: current._version, total: current.total, package: current.package ?? null };
              setNotice({ tone: 'blue', text: 'Your selection was also changed elsewhere (another tab or your co-buyer). Your choice was added to the latest version.' });
              continue;
            }
            setSelections(server.current.selections);
            setTotal(server.current.total);
            setPackageId(server.current.package);
            setNotice({ tone: 'red', text: error instanceof ApiError ? error.message : 'Your choice could not be saved. Please try again.' });
            break;
          }
        }
        setSelections(server.current.selections);
        setSaving(false);
      });
    },
    [initial._id, queryClient, setSelections],
  );

  const toggle = useCallback(
    (optionId: string, room: string | undefined) => {
      const isChosen = (list: Selection[]) => list.some((s) => s.option === optionId && s.room === room);
      const change: Change = (list) => (isChosen(list) ? unchoose(list, optionId, room, context) : choose(list, { option: optionId, room, quantity: 1 }, context));
      try {
        setSelections(change(latest.current));
        setNotice(null);
      } catch (error) {
        setNotice({ tone: 'red', text: error instanceof RuleBrokenError ? error.message : 'That choice could not be made.' });
        return;
      }
      save(change);
    },
    [context, save, setSelections],
  );

  const applyPackageChoice = useCallback(
    (id: string, optionIds: string[], roomsFor: (optionId: string) => Array<string | undefined>) => {
      const change: Change = (list) => applyPackage(list, optionIds, roomsFor, context);
      try {
        setSelections(change(latest.current));
        setPackageId(id);
        setNotice({ tone: 'blue', text: 'Package applied. You can still change any of its choices.' });
      } catch (error) {
        setNotice({ tone: 'red', text: error instanceof RuleBrokenError ? error.message : 'This package could not be applied.' });
        return;
      }
      save(change, { package: id });
    },
    [context, save, setSelections],
  );

  const setBudget = useCallback(
    (value: number | null) => {
      setBudgetState(value);
      save((list) => list, { budget: value });
    },
    [save],
  );

  return { selections, total, isSaving, notice, packageId, budget, setBudget, toggle, applyPackage: applyPackageChoice, dismissNotice: () => setNotice(null) };
}
