import { EN_ACCESS } from './en/access.ts';
import { FR_CA_ACCESS } from './fr-CA/access.ts';
import type { Language } from './languages.ts';

/**
 * Why a link could not be used and what the identity provider's refusals mean, in each
 * language: the sign-in page imports this only when it has one of them to say.
 */
export const ACCESS_SENTENCES: Record<Language, Readonly<Record<keyof typeof EN_ACCESS, string>>> = {
  en: EN_ACCESS,
  'fr-CA': FR_CA_ACCESS,
};
export type AccessKey = keyof typeof EN_ACCESS;
