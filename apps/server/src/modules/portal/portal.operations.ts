import { SESSION_RECORDING_DEFAULT_VERSION, type EnvResponse } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config/env.ts';
import { listFeatureFlags } from './portal.repo.ts';

export async function getEnv({
  db,
  config,
  origin,
  isAdmin,
}: {
  db: Db;
  config: Config;
  origin: string;
  isAdmin: boolean;
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
    features: Object.fromEntries(flags.map((flag) => [flag.key, flag.enabled])),
  };
}
