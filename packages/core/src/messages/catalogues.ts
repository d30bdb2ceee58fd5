import type { Catalogue } from './index.ts';
import type { Language } from './languages.ts';

/**
 * Each language's catalogue, loaded when that language is first needed: a page loads the one
 * its reader speaks, never them all (docs/languages.md, "Loading").
 */
export const CATALOGUE_LOADERS: Record<Language, () => Promise<Catalogue>> = {
  en: () => import('./en/index.ts').then((module) => module.EN),
  'fr-CA': () => import('./fr-CA/index.ts').then((module) => module.FR_CA),
};
