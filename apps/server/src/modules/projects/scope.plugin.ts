import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { resolveScope, type Scope } from './scope.ts';
// The request's `projectKey` is the tenancy plugin's decoration, registered before this one.
import type {} from '../../plugins/tenancy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's project and the caller's standing in it, looked up on first use and kept for the request. */
    projectScope(): Promise<Scope>;
  }
}

/**
 * Gives every request its scope, computed at most once (after the tenancy and actor plugins):
 * the projects module's decoration of every request.
 */
export const scopePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    const scopes = new WeakMap<object, Promise<Scope>>();
    app.decorateRequest('projectScope', function projectScope(this: import('fastify').FastifyRequest) {
      let scope = scopes.get(this);
      if (!scope) {
        scope = resolveScope(db, this.actor, this.projectKey);
        scopes.set(this, scope);
      }
      return scope;
    });
  },
  { name: 'projects' },
);
