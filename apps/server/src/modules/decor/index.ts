/**
 * The front door of the collection engine (its one write path, its read plan, its collections and hooks): other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export { readPlan } from './access.repo.ts';
export { type Document, type HookArgs, type HookRegistry } from './collection-hooks.ts';
export { forgetCollections, listCollections, resolveCollection, resolveCollectionRows, type ResolvedCollection, schemaIssues } from './collections.registry.ts';
export { collectionRowsOf, findCollectionRow, insertCollectionRows, saveCollectionRow } from './collections.repo.ts';
export { getItemJson, itemsOfProject } from './items.repo.ts';
export {
  type BatchOperation,
  createItem,
  documentOf,
  runBatch,
  updateItem,
  withWrites,
  type WriteBase,
  writeBatch,
  type Writer,
  type WriteTarget,
} from './items.write.ts';
