import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from './context.ts';
import type { Job } from './lib/jobs.ts';

/**
 * What a module brings to the app (docs/architecture.md, "Server modules"), in the order the
 * app takes it: its collection hooks (before any route of any module can write), its background
 * jobs, then its routes.
 */
export interface ModuleParts {
  /** Its name, by which other modules name it as a dependency. */
  name: string;
  /** The modules it needs registered first (their hooks, their decorations). */
  dependencies?: string[];
  hooks?: (context: AppContext, app: FastifyInstance) => void;
  jobs?: (context: AppContext, app: FastifyInstance) => Job[];
  routes?: Array<FastifyPluginAsync<AppContext>>;
}

/**
 * A module's one entry: a plugin with its name and dependencies (Fastify refuses to start when a
 * dependency was not registered before it), which registers the module's hooks, jobs and routes.
 * Each module's `index.ts` exports one; `app.ts` registers the list.
 */
export function defineModule({ name, dependencies = [], hooks, jobs, routes = [] }: ModuleParts) {
  return fp(
    async (app: FastifyInstance, context: AppContext) => {
      hooks?.(context, app);
      for (const job of jobs?.(context, app) ?? []) context.jobs.add(job);
      for (const plugin of routes) await app.register(plugin, context);
    },
    { name, dependencies },
  );
}
