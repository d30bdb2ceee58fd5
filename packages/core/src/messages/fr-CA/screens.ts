import { FR_CA_CORE } from './core.ts';
import { FR_CA_FIRST_PAGE } from './first-page.ts';
import { FR_CA_APP } from './app.ts';
import { FR_CA_DOCUMENT } from './document.ts';

/** What every page may say in Canadian French (see ../en/screens.ts). */
export const FR_CA_SCREENS = { ...FR_CA_CORE, ...FR_CA_FIRST_PAGE, ...FR_CA_DOCUMENT, ...FR_CA_APP };
