import { defineModule } from '../../module.ts';
import { filesRoutes } from './files.routes.ts';

/**
 * The front door of files and their storage (docs/architecture.md, "Server modules"): uploads,
 * downloads and thumbnails. Other modules reach it only through what is exported here.
 */
export const filesModule = defineModule({ name: 'files', dependencies: ['projects'], routes: [filesRoutes] });

export { filesOfProject } from './files.repo.ts';
export { COMMENT_FILE_PURPOSE, storeFile } from './files.operations.ts';
export { isTexture } from './textures.ts';
export { FileReaders, type FileReader } from './file-readers.ts';
export { type FileStorage } from './storage.ts';
export { storageFor, type StorageKind } from './storages.ts';
