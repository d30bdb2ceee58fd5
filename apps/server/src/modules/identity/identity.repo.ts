import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../../db/client.ts';
import { accounts, jwks, sessions, users, verifications } from '../../db/schema/index.ts';

/** The identity provider's own tables, which it reads and writes itself through drizzle (docs/identity.md). */
export function identityDatabase(db: Db) {
  return drizzleAdapter(db, { provider: 'pg', schema: { users, sessions, accounts, verifications, jwks } });
}
