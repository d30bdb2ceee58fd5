import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, fail, type ApiKey, type ApiKeyInput } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../projects/index.ts';
import { requireManager } from '../projects/index.ts';
import {
  apiKeysOf,
  countActiveKeys,
  insertApiKey,
  liveKeyByHash,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from './api-keys.repo.ts';

/**
 * A project's API keys (docs/integrations.md, "API keys"): made by its managers or an
 * administrator, shown once, kept as their SHA-256, scoped, revocable at once.
 */

/** Active keys a project may hold. */
export const MAX_ACTIVE_KEYS = 25;

const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

const viewOf = (row: ApiKeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  hint: row.hint,
  scopes: row.scopes,
  createdBy: row.created_by,
  createdByName: row.created_by_name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

export async function listApiKeys(db: Db, scope: Promise<Scope>): Promise<ApiKey[]> {
  const { project } = requireManager(await scope);
  return (await apiKeysOf(db, project.id)).map(viewOf);
}

/** A new key: the token is in this answer and never again. */
export async function createApiKey(db: Db, scope: Promise<Scope>, input: ApiKeyInput, now = new Date()) {
  const { project, actor } = requireManager(await scope);
  if (input.expiresAt && Date.parse(input.expiresAt) <= now.getTime())
    throw fail('bad_request', 'api-keys.expiry-past', undefined, { field: 'expiresAt' });
  if ((await countActiveKeys(db, project.id)) >= MAX_ACTIVE_KEYS)
    throw fail('conflict', 'api-keys.key-limit', { count: MAX_ACTIVE_KEYS });
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await insertApiKey(db, {
    projectId: project.id,
    name: input.name,
    hint: `${token.slice(0, API_KEY_PREFIX.length + 6)}…`,
    tokenHash: digestOf(token),
    scopes: [...new Set(input.scopes)],
    createdBy: actor.apiKey ? null : actor.userId,
    expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
  });
  const [row] = await apiKeysOf(db, project.id, id);
  return { key: viewOf(row!), token };
}

export async function revokeKey(db: Db, scope: Promise<Scope>, id: string): Promise<ApiKey> {
  const { project } = requireManager(await scope);
  if (!(await revokeApiKey(db, project.id, id))) throw fail('not_found', 'api-keys.no-key');
  const [row] = await apiKeysOf(db, project.id, id);
  return viewOf(row!);
}

/** Whether a bearer token is one of ours by its form (a session's token or an access token is not). */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX) && token.length < 200;

/** The live key a bearer token is, for the actor plugin; its use is written down at most once a minute. */
export async function keyForToken(db: Db, token: string) {
  const row = await liveKeyByHash(db, digestOf(token));
  if (!row) return null;
  if (row.stale_use) void touchApiKey(db, row.id).catch(() => undefined);
  return { id: row.id, name: row.name, scopes: row.scopes, projectKey: row.project_key, createdBy: row.created_by };
}
