import path from 'node:path';
import { LocalDiskStorage, type FileStorage } from './storage.ts';
import { S3Storage, parseFilesUrl } from './s3-storage.ts';

export type StorageKind = 'disk' | 's3';

/** The storage FILES_URL names: an S3-compatible bucket, or DATA_DIR/files on this machine. */
export function storageFor(config: { filesUrl: string | undefined; dataDir: string }): {
  storage: FileStorage;
  kind: StorageKind;
} {
  if (!config.filesUrl) return { storage: new LocalDiskStorage(path.join(config.dataDir, 'files')), kind: 'disk' };
  return { storage: new S3Storage(parseFilesUrl(config.filesUrl)), kind: 's3' };
}
