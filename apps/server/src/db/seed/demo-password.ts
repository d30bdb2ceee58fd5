import { resolveStoredSecret } from '../../lib/stored-secret.ts';
import { DEMO_PASSWORD_FILE } from './demo-catalogue.ts';

/**
 * The demo accounts' password: DEMO_PASSWORD when set, otherwise one generated on the
 * first start and kept in the data directory.
 */
export function resolveDemoPassword(dataDir: string, fromEnv: string | undefined): Promise<string> {
  return resolveStoredSecret({ dataDir, fileName: DEMO_PASSWORD_FILE, fromEnv, bytes: 12 });
}
