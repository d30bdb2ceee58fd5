import { useCallback, useState } from 'react';
import { ApiError } from './api-client.ts';

/**
 * What a person types into a form that saves with `_version` (docs/screens.md, "When two people
 * edit one thing"). On a 409 the form shows the current version (`takeCurrent`), what the person
 * had changed is kept aside, and one click (`reapply`) puts those changes back over the current
 * version; the next save then carries the current version's number and succeeds. Nothing the
 * person typed is lost, and nothing someone else saved is overwritten unseen.
 */
export interface VersionedDraft<V extends object> {
  /** What the form shows and will save. */
  values: V;
  /** The version the next save is made against. */
  version: number | undefined;
  /** The fields whose value differs from the version last read or saved. */
  isDirty: boolean;
  set: (change: Partial<V> | ((current: V) => V)) => void;
  /** After a 409: the fields the person had changed, kept aside; null otherwise. */
  keptAside: Array<keyof V> | null;
  /** The form now shows `current` (someone saved it meanwhile); the person's changes are kept aside. */
  takeCurrent: (current: V, version: number | undefined) => void;
  /** Puts the person's kept-aside changes back over the current version. */
  reapply: () => void;
  /** A save went through (or the person chose the current version): the form shows what was saved. */
  settle: (saved: V, version: number | undefined) => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `typed` that differ from `original`: what the person changed. */
export function changedFields<V extends object>(original: V, typed: V): Array<keyof V> {
  const keys = new Set([...Object.keys(original), ...Object.keys(typed)] as Array<keyof V>);
  return [...keys].filter((key) => !same(original[key], typed[key]));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A document's changes put back over its current version, key by key at every depth: what the
 * person changed from `original` wins, everything else is `current`'s (a settings document of
 * which one person changed the name and another the currency keeps both).
 */
export function reappliedDeep(current: unknown, original: unknown, typed: unknown): unknown {
  if (same(original, typed)) return current;
  if (!isPlainObject(current) || !isPlainObject(original) || !isPlainObject(typed)) return typed;
  const next: Record<string, unknown> = { ...current };
  for (const key of new Set([...Object.keys(original), ...Object.keys(typed)])) {
    if (same(original[key], typed[key])) continue;
    if (!(key in typed)) delete next[key];
    else next[key] = reappliedDeep(current[key], original[key], typed[key]);
  }
  return next;
}

export function useVersionedDraft<V extends object>(initial: V, initialVersion: number | undefined): VersionedDraft<V> {
  const [state, setState] = useState(() => ({
    base: initial,
    values: initial,
    version: initialVersion,
    aside: null as { original: V; typed: V } | null,
  }));
  const set = useCallback(
    (change: Partial<V> | ((current: V) => V)) =>
      setState((s) => ({ ...s, values: typeof change === 'function' ? change(s.values) : { ...s.values, ...change } })),
    [],
  );
  const takeCurrent = useCallback(
    (current: V, version: number | undefined) =>
      setState((s) => ({
        base: current,
        values: current,
        version,
        // A second 409 before the first changes were put back: what was typed since joins them.
        aside: s.aside
          ? { original: s.aside.original, typed: reappliedDeep(s.aside.typed, s.base, s.values) as V }
          : { original: s.base, typed: s.values },
      })),
    [],
  );
  const reapply = useCallback(
    () =>
      setState((s) =>
        s.aside ? { ...s, values: reappliedDeep(s.base, s.aside.original, s.aside.typed) as V, aside: null } : s,
      ),
    [],
  );
  const settle = useCallback(
    (saved: V, version: number | undefined) => setState({ base: saved, values: saved, version, aside: null }),
    [],
  );
  return {
    values: state.values,
    version: state.version,
    isDirty: !same(state.values, state.base),
    set,
    keptAside: state.aside ? changedFields(state.aside.original, state.aside.typed) : null,
    takeCurrent,
    reapply,
    settle,
  };
}

/** The current version a 409 carries (`details.current`), when the error is one. */
export function currentOfConflict<T>(caught: unknown): T | null {
  if (!(caught instanceof ApiError) || caught.code !== 'conflict') return null;
  return ((caught.details as { current?: T } | undefined)?.current ?? null) as T | null;
}
