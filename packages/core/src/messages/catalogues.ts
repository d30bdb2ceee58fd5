import type { Language } from './languages.ts';

type Sentences = Readonly<Record<string, string>>;

/**
 * Each language's sentences, loaded when that language is first needed: a page loads the one
 * its reader speaks, never them all, and the staff's screens' part only for the staff
 * (docs/languages.md, "Messages"). The mails' sentences are the server's alone.
 */
export const CATALOGUE_LOADERS: Record<Language, () => Promise<Sentences>> = {
  en: () => import('./en/screens.ts').then((module) => module.EN_SCREENS),
  'fr-CA': () => import('./fr-CA/screens.ts').then((module) => module.FR_CA_SCREENS),
};

/** What the back office and the platform's pages say beyond that, loaded with it for the staff. */
export const STAFF_CATALOGUE_LOADERS: Record<Language, () => Promise<Sentences>> = {
  en: () => import('./en/app-staff.ts').then((module) => module.EN_APP_STAFF),
  'fr-CA': () => import('./fr-CA/app-staff.ts').then((module) => module.FR_CA_APP_STAFF),
};
