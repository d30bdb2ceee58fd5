import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret from the environment, or one generated on the first start and kept in the
 * data directory (readable by its owner only), so restarts keep it.
 */
export async function resolveStoredSecret({
  dataDir,
  fileName,
  fromEnv,
  bytes,
}: {
  dataDir: string;
  fileName: string;
  fromEnv: string | undefined;
  bytes: number;
}): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, fileName);
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = crypto.randomBytes(bytes).toString('base64url');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${generated}\n`, { mode: 0o600 });
  return generated;
}
