import { EN_CORE } from './core.ts';
import { EN_FIRST_PAGE } from './first-page.ts';
import { EN_APP } from './app.ts';

/** What every page may say in English (the domain's sentences and every screen but the staff's): what a page loads. */
export const EN_SCREENS = { ...EN_CORE, ...EN_FIRST_PAGE, ...EN_APP };
