import { defineModule } from '../../module.ts';
import { identityRoutes } from './identity.routes.ts';

/**
 * The front door of the embedded identity provider: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export const identityModule = defineModule({ name: 'identity', routes: [identityRoutes] });

export { type Auth, createAuth } from './auth.ts';
export { createSignInToken, sendVerificationLink, setFirstPassword } from './provider-actions.ts';
export { callProvider } from './provider-call.ts';
