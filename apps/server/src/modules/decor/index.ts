import { defineModule } from '../../module.ts';
import { decorItemRoutes, decorRoutes } from './decor.routes.ts';

/**
 * The front door of the collection engine (its one write path, its read plan, its collections and hooks): other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export const decorModule = defineModule({
  name: 'decor',
  dependencies: ['projects'],
  routes: [decorRoutes, decorItemRoutes],
});

export { readPlan } from './access.repo.ts';
export { collectionCountsByProject, itemName, itemNames, roomRows, rowsOf } from './collection-rows.repo.ts';
export { type CollectionHooks, type Document, type HookArgs, HookRegistry } from './collection-hooks.ts';
export { onItemsChange } from './items.cache.ts';
export {
  forgetCollections,
  listCollections,
  onCollectionsChange,
  resolveCollection,
  resolveCollectionRows,
  type ResolvedCollection,
  schemaIssues,
} from './collections.registry.ts';
export { collectionRowsOf, findCollectionRow, insertCollectionRows, saveCollectionRow } from './collections.repo.ts';
export { getItemJson, itemsOfProject } from './items.repo.ts';
export {
  type BatchOperation,
  createItem,
  documentOf,
  runBatch,
  updateItem,
  withWrites,
  writerIn,
  type WriteBase,
  writeBatch,
  type Writer,
  type WriteTarget,
} from './items.write.ts';
