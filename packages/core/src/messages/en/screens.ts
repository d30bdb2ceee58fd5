import { EN_CORE } from './core.ts';
import { EN_FIRST_PAGE } from './first-page.ts';
import { EN_APP } from './app.ts';
import { EN_DOCUMENT } from './document.ts';

/**
 * What every page may say in English: the domain's sentences, every screen but the staff's, and
 * the documents' words the screens share (a change order's). What a page loads.
 */
export const EN_SCREENS = { ...EN_CORE, ...EN_FIRST_PAGE, ...EN_DOCUMENT, ...EN_APP };
