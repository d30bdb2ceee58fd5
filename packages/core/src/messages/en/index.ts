import { EN_CORE } from './core.ts';
import { EN_MAIL } from './mail.ts';
import { EN_DOCUMENT } from './document.ts';
import { EN_APP } from './app.ts';
import { EN_APP_STAFF } from './app-staff.ts';
import { EN_FIRST_PAGE } from './first-page.ts';

/**
 * The whole English catalogue (docs/languages.md): the domain's sentences, the mails, the PDF
 * and every screen. English is the source language: another language's files give every key.
 */
export const EN = { ...EN_CORE, ...EN_FIRST_PAGE, ...EN_MAIL, ...EN_DOCUMENT, ...EN_APP, ...EN_APP_STAFF } as const;
