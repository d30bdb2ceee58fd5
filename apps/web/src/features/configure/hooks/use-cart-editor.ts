import { startTransition, useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  applyPackage,
  choose,
  removedWith,
  RuleBrokenError,
  unchoose,
  type RuleContext,
  type Selection,
} from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { CartItem } from '../../../lib/configurator-data.ts';
import { cartQuery } from '../../../lib/cart-query.ts';

export type Change = (selections: Selection[]) => Selection[];

/** What the buyer is told after a change: a refusal, a merge, or what a change took with it — with the way back. */
export interface EditorNotice {
  tone: 'red' | 'blue' | 'yellow';
  text: string;
  undo?: () => void;
}

export interface ChangeInfo {
  /** Choices the change removed because they needed one that was replaced or removed. */
  removed: Array<Selection & { needed: string | null }>;
  /** The selections and package before the change, for its undo. */
  before: { selections: Selection[]; packageId: string | null };
}

/** The selections as the buyer has just made them, before the screen's slower parts have caught up. */
export interface LiveSelections {
  get(): Selection[];
  subscribe(listener: () => void): () => void;
}

export interface CartEditor {
  selections: Selection[];
  /** Read by the total alone, so that a choice repaints the total in the tap's own frame (docs/performance.md, "First paint"). */
  live: LiveSelections;
  total: number;
  isSaving: boolean;
  notice: EditorNotice | null;
  packageId: string | null;
  budget: number | null;
  /** Saves the buyer's budget through the same ordered, versioned saves as the choices. */
  setBudget(budget: number | null): void;
  /** Chooses or removes an option; answers what else it removed (for the notice), or null when refused. */
  toggle(optionId: string, room: string | undefined): ChangeInfo | null;
  /** Sets how many of a chosen option (categories sold by the piece). */
  setQuantity(optionId: string, room: string | undefined, quantity: number): void;
  /** Applies a package's options in one step (one save) and records it on the cart. */
  applyPackage(
    packageId: string,
    optionIds: string[],
    roomsFor: (optionId: string) => Array<string | undefined>,
  ): ChangeInfo | null;
  /** Takes the package off the cart: its choices stay, its price adjustment goes. */
  removePackage(): void;
  /**
   * Makes a change of many choices at once (a proposal taken, docs/fit-my-budget.md): one save, one
   * undo. `change` is applied again on the latest version when it was changed elsewhere meanwhile.
   */
  applyChange(change: Change, packageId: string | null): ChangeInfo | null;
  /** Puts back the selections and package from before a change. */
  restore(before: ChangeInfo['before']): void;
  setNotice(notice: EditorNotice | null): void;
  dismissNotice(): void;
}

interface ServerCart {
  selections: Selection[];
  version: number;
  total: number;
  package: string | null;
}

const serverCartOf = (cart: CartItem): ServerCart => ({
  selections: cart.selections,
  version: cart._version,
  total: cart.total,
  package: cart.package ?? null,
});

/**
 * Saves one change on the version last saved. A conflict (changed meanwhile elsewhere) applies the
 * change again on the server's current cart, once; a rule the change breaks or a refusal is reported.
 * `server` holds the server's cart after each answer.
 */
async function saveWithOneMerge(
  cartId: string,
  server: { current: ServerCart },
  change: Change,
  extra: { package?: string | null; budget?: number | null },
  report: { saved(cart: CartItem): void; merged(): void; refused(text: string, isSaveError: boolean): void },
): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    let next: Selection[];
    try {
      next = change(server.current.selections);
    } catch (error) {
      report.refused(error instanceof RuleBrokenError ? error.message : 'That choice could not be made.', false);
      return;
    }
    try {
      const saved = await api<CartItem>(`/api/schema/carts/${cartId}`, {
        method: 'PATCH',
        body: { selections: next, ...extra },
        headers: { 'if-match': String(server.current.version) },
      });
      server.current = serverCartOf(saved);
      report.saved(saved);
      return;
    } catch (error) {
      const current =
        error instanceof ApiError && error.code === 'conflict'
          ? (error.details as { current?: CartItem } | undefined)?.current
          : undefined;
      if (current && attempt === 0) {
        server.current = serverCartOf(current);
        report.merged();
        continue;
      }
      report.refused(
        error instanceof ApiError ? error.message : 'Your choice could not be saved. Please try again.',
        true,
      );
      return;
    }
  }
}

/**
 * The cart as the editor shows it and its saves, in order: each change on the version last saved,
 * the server's answer (total, version, package, budget) winning; a refusal puts back the server's.
 */
function liveSelections(initial: Selection[]): LiveSelections & { set(next: Selection[]): void } {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function useSavedCart(initial: CartItem) {
  const queryClient = useQueryClient();
  const server = useRef<ServerCart>(serverCartOf(initial));
  const [live] = useState(() => liveSelections(initial.selections));
  const [packageId, setPackageId] = useState<string | null>(initial.package ?? null);
  const [budget, setBudgetState] = useState<number | null>(initial.budget ?? null);
  const [selections, setSelectionsState] = useState<Selection[]>(initial.selections);
  const latest = useRef<Selection[]>(initial.selections);
  // The total follows at once (it reads `live`); the cards, rules and previews follow in a
  // transition React splits into slices, so the tap's frame is not held by them.
  const setSelections = useCallback(
    (next: Selection[]) => {
      latest.current = next;
      live.set(next);
      startTransition(() => setSelectionsState(next));
    },
    [live],
  );
  const [total, setTotal] = useState(initial.total);
  const [isSaving, setSaving] = useState(false);
  const [notice, setNotice] = useState<CartEditor['notice']>(null);
  const queue = useRef(Promise.resolve());

  const save = useCallback(
    (change: Change, extra: { package?: string | null; budget?: number | null } = {}) => {
      queue.current = queue.current.then(async () => {
        startTransition(() => setSaving(true));
        await saveWithOneMerge(initial._id, server, change, extra, {
          saved: (saved) => {
            setTotal(saved.total);
            setPackageId(saved.package ?? null);
            setBudgetState(saved.budget ?? null);
            // My selection and My home read the same cart: give them the saved version.
            queryClient.setQueryData(cartQuery(initial._id).queryKey, saved);
            void queryClient.invalidateQueries({ queryKey: ['carts', 'mine'] });
          },
          merged: () =>
            setNotice({
              tone: 'blue',
              text: 'Your selection was also changed elsewhere (another tab or your co-buyer). Your choice was added to the latest version.',
            }),
          refused: (text, isSaveError) => {
            setSelections(server.current.selections);
            if (isSaveError) {
              setTotal(server.current.total);
              setPackageId(server.current.package);
            }
            setNotice({ tone: 'red', text });
          },
        });
        setSelections(server.current.selections);
        setSaving(false);
      });
    },
    [initial._id, queryClient, setSelections],
  );

  /** The buyer's budget, saved through the same ordered, versioned saves as the choices. */
  const setBudget = useCallback(
    (value: number | null) => {
      setBudgetState(value);
      save((list) => list, { budget: value });
    },
    [save],
  );

  return {
    latest,
    live,
    setBudget,
    selections,
    setSelections,
    packageId,
    setPackageId,
    budget,
    total,
    isSaving,
    notice,
    setNotice,
    save,
  };
}

/**
 * Choosing with an optimistic screen: the change shows at once and is saved in order; the
 * server's answer (total, version) wins. A change made meanwhile elsewhere (another tab, a
 * co-buyer) is not lost: the choice is applied again on top of it and saved, and the buyer
 * is told. A refused choice is undone on screen with the server's reason.
 */
export function useCartEditor(initial: CartItem, context: RuleContext): CartEditor {
  const saved = useSavedCart(initial);
  const { latest, live, selections, setSelections, packageId, setPackageId, budget } = saved;
  const { total, isSaving, notice, setNotice, save, setBudget } = saved;
  const toggle = useCallback(
    (optionId: string, room: string | undefined): ChangeInfo | null => {
      const isChosen = (list: Selection[]) => list.some((s) => s.option === optionId && s.room === room);
      const option = context.options.get(optionId);
      const category = option ? context.categories.get(option.category) : undefined;
      // A required single choice is replaced by choosing another, never emptied (docs/selection-rules.md, "Required").
      if (isChosen(latest.current) && category?.required && !category.multiple) {
        setNotice({
          tone: 'blue',
          text: `${category.name} is required here: choose another option to replace ${option!.name}.`,
        });
        return null;
      }
      const change: Change = (list) =>
        isChosen(list)
          ? unchoose(list, optionId, room, context)
          : choose(list, { option: optionId, room, quantity: 1 }, context);
      const before = { selections: latest.current, packageId };
      let after: Selection[];
      try {
        after = change(latest.current);
      } catch (error) {
        setNotice({
          tone: 'red',
          text: error instanceof RuleBrokenError ? error.message : 'That choice could not be made.',
        });
        return null;
      }
      setSelections(after);
      startTransition(() => setNotice(null));
      save(change);
      return { removed: removedWith(before.selections, after, [{ option: optionId, room }], context), before };
    },
    [context, latest, packageId, save, setNotice, setSelections],
  );

  const setQuantity = useCallback(
    (optionId: string, room: string | undefined, quantity: number) => {
      const change: Change = (list) =>
        list.map((s) => (s.option === optionId && s.room === room ? { ...s, quantity } : s));
      setSelections(change(latest.current));
      save(change);
    },
    [latest, save, setSelections],
  );

  /**
   * Shows a change of many choices at once and saves it (one save, one undo): the package as
   * `nextPackage` says (undefined: as it is). Null, with the reason shown, when the rules refuse it.
   */
  const commit = useCallback(
    (change: Change, nextPackage: string | null | undefined, refusal: string) => {
      const before = { selections: latest.current, packageId };
      let after: Selection[];
      try {
        after = change(latest.current);
      } catch (error) {
        setNotice({ tone: 'red', text: error instanceof RuleBrokenError ? error.message : refusal });
        return null;
      }
      setSelections(after);
      if (nextPackage !== undefined) setPackageId(nextPackage);
      save(change, nextPackage === undefined ? {} : { package: nextPackage });
      return { before, after };
    },
    [latest, packageId, save, setNotice, setPackageId, setSelections],
  );

  const applyPackageChoice = useCallback(
    (id: string, optionIds: string[], roomsFor: (optionId: string) => Array<string | undefined>): ChangeInfo | null => {
      const done = commit(
        (list) => applyPackage(list, optionIds, roomsFor, context),
        id,
        'This package could not be applied.',
      );
      if (!done) return null;
      const changes = optionIds.flatMap((option) => {
        const rooms = roomsFor(option);
        return (rooms.length ? rooms : [undefined]).map((room) => ({ option, room }));
      });
      return { removed: removedWith(done.before.selections, done.after, changes, context), before: done.before };
    },
    [commit, context],
  );

  const applyChange = useCallback(
    (change: Change, nextPackage: string | null): ChangeInfo | null => {
      setNotice(null);
      const done = commit(change, nextPackage, 'That change could not be made.');
      return done && { removed: [], before: done.before };
    },
    [commit, setNotice],
  );

  const removePackage = useCallback(() => {
    setPackageId(null);
    save((list) => list, { package: null });
  }, [save, setPackageId]);

  const restore = useCallback(
    (before: ChangeInfo['before']) => {
      setSelections(before.selections);
      setPackageId(before.packageId);
      setNotice(null);
      save(() => before.selections, { package: before.packageId });
    },
    [save, setNotice, setPackageId, setSelections],
  );

  return {
    selections,
    live,
    total,
    isSaving,
    notice,
    packageId,
    budget,
    setBudget,
    toggle,
    setQuantity,
    applyPackage: applyPackageChoice,
    removePackage,
    applyChange,
    restore,
    setNotice,
    dismissNotice: () => setNotice(null),
  };
}
