import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changedFields, reappliedDeep, useVersionedDraft } from './versioned-draft.ts';

describe('putting a person’s changes back over the current version', () => {
  it('keeps what they changed and everything else of the current version, at every depth', () => {
    const original = {
      name: 'Maple',
      currency: 'CAD',
      options: { locale: 'en-CA', scene: { brightness: 1, cameraDistance: 1 } },
      tags: ['a'],
    };
    const typed = {
      ...original,
      name: 'Maple Court',
      options: { ...original.options, scene: { brightness: 1.2, cameraDistance: 1 } },
    };
    const current = {
      ...original,
      currency: 'EUR',
      options: { locale: 'fr-CA', scene: { brightness: 1, cameraDistance: 1.4 } },
      tags: ['a', 'b'],
    };
    expect(reappliedDeep(current, original, typed)).toEqual({
      name: 'Maple Court',
      currency: 'EUR',
      options: { locale: 'fr-CA', scene: { brightness: 1.2, cameraDistance: 1.4 } },
      tags: ['a', 'b'],
    });
    // Nothing changed: the current version as it is; a key the person removed stays removed.
    expect(reappliedDeep(current, original, original)).toBe(current);
    const { tags: _removed, ...withoutTags } = original;
    expect(reappliedDeep(current, original, withoutTags)).not.toHaveProperty('tags');
    // A list is one value: the person's list replaces theirs.
    expect(reappliedDeep(current, original, { ...original, tags: ['c'] })).toMatchObject({ tags: ['c'] });
  });

  it('names the fields the person changed', () => {
    expect(changedFields({ a: 1, b: { c: 2 }, d: 'x' }, { a: 1, b: { c: 3 }, d: 'y' })).toEqual(['b', 'd']);
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('a versioned draft', () => {
  it('after a 409 shows the current version, keeps the typed fields aside, puts them back in one step, and saves against the new version', () => {
    const { result } = renderHook(() =>
      useVersionedDraft({ status: 'new', notes: '', assignee: null as string | null }, 3),
    );
    act(() => result.current.set({ notes: 'Called Tuesday.' }));
    expect(result.current.isDirty).toBe(true);
    act(() => result.current.takeCurrent({ status: 'contacted', notes: '', assignee: 'u1' }, 4));
    expect(result.current.values).toEqual({ status: 'contacted', notes: '', assignee: 'u1' });
    expect(result.current.version).toBe(4);
    expect(result.current.keptAside).toEqual(['notes']);
    expect(result.current.isDirty).toBe(false);
    // A second conflict before putting them back keeps the person's changes against what they first opened.
    act(() => result.current.takeCurrent({ status: 'contacted', notes: '', assignee: 'u2' }, 5));
    expect(result.current.keptAside).toEqual(['notes']);
    act(() => result.current.reapply());
    expect(result.current.values).toEqual({ status: 'contacted', notes: 'Called Tuesday.', assignee: 'u2' });
    expect(result.current.keptAside).toBeNull();
    expect(result.current.version).toBe(5);
    act(() => result.current.settle({ status: 'contacted', notes: 'Called Tuesday.', assignee: 'u2' }, 6));
    expect([result.current.isDirty, result.current.version]).toEqual([false, 6]);
  });
});
