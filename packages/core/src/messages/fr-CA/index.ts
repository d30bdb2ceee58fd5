import type { Catalogue } from '../index.ts';
import { FR_CA_CORE } from './core.ts';
import { FR_CA_MAIL } from './mail.ts';
import { FR_CA_DOCUMENT } from './document.ts';
import { FR_CA_APP } from './app.ts';
import { FR_CA_APP_STAFF } from './app-staff.ts';
import { FR_CA_FIRST_PAGE } from './first-page.ts';

/** The whole Canadian French catalogue (docs/languages.md; words from docs/glossary.md). */
export const FR_CA: Catalogue = {
  ...FR_CA_CORE,
  ...FR_CA_FIRST_PAGE,
  ...FR_CA_MAIL,
  ...FR_CA_DOCUMENT,
  ...FR_CA_APP,
  ...FR_CA_APP_STAFF,
};
