/*
 * Zod's schemas parse without compiling code in the page: its faster parser is built with
 * `new Function`, which the page's content security policy refuses (and the browser reports
 * each refusal). Zod reads this setting from the global object when a schema is made, so it is
 * set before any module that makes one is loaded, without loading Zod itself (main.tsx imports
 * this module first).
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
