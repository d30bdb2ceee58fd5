import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The file of the data directory that keeps a generated AUTH_SECRET. */
export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * A secret from the environment, or one generated on the first start and kept in the
 * data directory (readable by its owner only), so restarts keep it.
 */
export async function resolveStoredSecret(input: StoredSecretInput): Promise<string> {
  return (await readOrCreateSecret(input)).value;
}

interface StoredSecretInput {
  dataDir: string;
  fileName: string;
  fromEnv: string | undefined;
  bytes: number;
}

/** The same, saying whether the secret was generated just now (so it may be shown once). */
export async function readOrCreateSecret({
  dataDir,
  fileName,
  fromEnv,
  bytes,
}: StoredSecretInput): Promise<{ value: string; generated: boolean }> {
  if (fromEnv) return { value: fromEnv, generated: false };
  const file = path.join(dataDir, fileName);
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored) return { value: stored, generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = crypto.randomBytes(bytes).toString('base64url');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${generated}\n`, { mode: 0o600 });
  return { value: generated, generated: true };
}
