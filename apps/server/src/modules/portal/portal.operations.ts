import { SESSION_RECORDING_DEFAULT_VERSION, type EnvResponse } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config/env.ts';
import { listDeployRows } from './deploys.repo.ts';
import { listFeatureFlags } from './flags.repo.ts';

export async function getEnv({
  db,
  config,
  origin,
  isAdmin,
  projectFeatures = {},
}: {
  db: Db;
  config: Config;
  origin: string;
  isAdmin: boolean;
  /** The features the request's project sets for itself: they override the platform's flags. */
  projectFeatures?: Record<string, boolean>;
}): Promise<EnvResponse> {
  const flags = await listFeatureFlags(db);
  return {
    decorApiUrl: config.decorApiUrl ?? origin,
    isAdmin,
    integrations: {
      sessionRecording: {
        id: config.sessionRecording.id,
        version: config.sessionRecording.version ?? SESSION_RECORDING_DEFAULT_VERSION,
      },
      analytics: { id: config.analyticsId },
    },
    features: {
      ...Object.fromEntries(flags.map((flag) => [flag.key, flag.enabled])),
      ...Object.fromEntries(
        flags
          .filter((flag) => typeof projectFeatures[flag.key] === 'boolean')
          .map((flag) => [flag.key, projectFeatures[flag.key]!]),
      ),
      // Whether the sign-in page offers the configured OpenID Connect provider.
      oidcSignIn: config.oidc !== null,
    },
  };
}

/** GET /api/deploys: each deploy with the projects it serves, for the admin quick box. */
export async function listDeploys(db: Db) {
  const rows = await listDeployRows(db);
  const byId = new Map<
    string,
    {
      _id: string;
      name: string;
      type: (typeof rows)[number]['type'];
      host: string;
      projects: Array<{ _id: string; key: string; fullKey: string; name: string }>;
    }
  >();
  for (const row of rows) {
    let deploy = byId.get(row.id);
    if (!deploy) {
      deploy = { _id: row.id, name: row.name, type: row.type, host: row.host, projects: [] };
      byId.set(row.id, deploy);
    }
    if (row.projectId && row.projectKey && row.projectName && row.fullKey) {
      deploy.projects.push({ _id: row.projectId, key: row.projectKey, fullKey: row.fullKey, name: row.projectName });
    }
  }
  return [...byId.values()];
}
