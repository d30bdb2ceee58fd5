/**
 * The front door of files and their storage: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { filesOfProject } from './files.repo.ts';
export { storeFile } from './files.operations.ts';
export { type FileStorage } from './storage.ts';
