import { knownPromise, type KnownPromise } from '@decor/core';

/**
 * The pseudo-language (docs/languages.md, "Checks"): with `decor.pseudo` set on this device,
 * every sentence from the catalogue is shown accented, a third longer and between ⟦ ⟧ — so that
 * any text on screen that did not come from the catalogue stands out, to a person and to the
 * browser sweep. Its code loads only on a device that asks for it.
 */
export function isPseudo(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem('decor.pseudo') === '1';
  } catch {
    return false;
  }
}

let pseudo: KnownPromise<typeof import('@decor/core/pseudo')> | null = null;

/** The pseudo-language's code, once. */
export function pseudoModule() {
  pseudo ??= knownPromise(import('@decor/core/pseudo'));
  return pseudo;
}
