/** The build's identity, set by Vite's `define` (vite.config.ts); tests define it too (vitest.config.ts). */
declare const __BUILD_ID__: string;
