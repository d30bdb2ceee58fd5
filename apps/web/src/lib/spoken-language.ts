import type { Language } from '@decor/core';

let spoken: Language = 'en';

/** The language of the page now (lib/language.ts decides it): API calls send it as Accept-Language, so the server's errors and the mails asked for from here speak it. */
export function currentLanguage(): Language {
  return spoken;
}

export function speak(language: Language) {
  spoken = language;
}
