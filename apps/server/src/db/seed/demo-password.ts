import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD_FILE } from './demo-catalogue.ts';

/**
 * The demo accounts' password: DEMO_PASSWORD when set, otherwise one generated on the
 * first start and kept in the data directory (readable by its owner only).
 */
export async function resolveDemoPassword(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, DEMO_PASSWORD_FILE);
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = crypto.randomBytes(12).toString('base64url');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${generated}\n`, { mode: 0o600 });
  return generated;
}
