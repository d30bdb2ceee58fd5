import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { HookRegistry } from './modules/decor/collection-hooks.ts';

/**
 * What every module is given when the app registers it: the configuration, the open database
 * and the collection hooks. A leaf: modules import it, never `app.ts` (docs/architecture.md,
 * "Server modules").
 */
export interface AppContext {
  config: Config;
  database: Database;
  /** Each collection's hooks, registered by the modules that own them (docs/architecture.md). */
  hooks: HookRegistry;
  /** The secret every server shares: it signs share links and the proof in invitation mails. */
  authSecret: string;
}
