import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { Jobs } from './lib/jobs.ts';
import type { HookRegistry } from './modules/decor/collection-hooks.ts';
import type { FileReaders } from './modules/files/file-readers.ts';
import type { Auth } from './modules/identity/auth.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { FileStorage } from './modules/files/storage.ts';
import type { StorageKind } from './modules/files/storages.ts';

/**
 * What every module is given when the app registers it (docs/architecture.md, "Server
 * modules"): the configuration, the open database, the services the app made once (mail, the
 * identity provider, file storage) and the registries modules fill for each other (collection
 * hooks, who may read a file, background jobs). A leaf: modules import it, never `app.ts`.
 */
export interface AppContext {
  config: Config;
  database: Database;
  /** Each collection's hooks, registered by the modules that own them. */
  hooks: HookRegistry;
  /** The secret every server shares: it signs share links and the proof in invitation mails. */
  authSecret: string;
  mailer: Mailer;
  auth: Auth;
  /** Where uploads go, and which kind of storage that is (the admin's data page says). */
  storage: FileStorage;
  storageKind: StorageKind;
  /** Who may read a file a module attached to its own resources (a comment's attachment, say). */
  fileReaders: FileReaders;
  jobs: Jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    collectionHooks: HookRegistry;
  }
}
