/**
 * The front door of the embedded identity provider: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { type Auth } from './auth.ts';
export { createSignInToken, sendVerificationLink, setFirstPassword } from './provider-actions.ts';
export { callProvider } from './provider-call.ts';
