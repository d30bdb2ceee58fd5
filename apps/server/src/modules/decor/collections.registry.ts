import { createHash } from 'node:crypto';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import {
  BUILT_IN_COLLECTIONS,
  builtInCollection,
  COLLECTION_NAME_PATTERN,
  collectionOwnershipSchema,
  type CollectionDefinition,
  type CollectionUi,
  type FieldIssue,
  message,
  schemaErrorWords,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { FeedEvent } from '../../db/change-feed.ts';
import { collectionRowsOf, type CollectionRow } from './collections.repo.ts';

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'unknown';

/** A collection as the server uses it: rules, JSON Schema, its compiled validator. */
export interface ResolvedCollection extends Omit<CollectionDefinition, 'schema'> {
  jsonSchema: Record<string, unknown>;
  validate: ValidateFunction;
  fieldTypes: Record<string, FieldType>;
  isCustom: boolean;
}

const ajv = new Ajv2020({ allErrors: true, useDefaults: true, strict: false, coerceTypes: false });
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);
const validators = new Map<string, ValidateFunction>();

function compile(schema: Record<string, unknown>): ValidateFunction {
  const key = createHash('sha1').update(JSON.stringify(schema)).digest('hex');
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

function fieldTypesOf(schema: Record<string, unknown>): Record<string, FieldType> {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown; anyOf?: Array<{ type?: unknown }> }>;
  return Object.fromEntries(
    Object.entries(properties).map(([field, property]) => {
      const type = property.type ?? property.anyOf?.find((option) => option.type !== 'null')?.type;
      return [field, (typeof type === 'string' ? type : 'unknown') as FieldType];
    }),
  );
}

const builtInJsonSchemas = new Map(
  BUILT_IN_COLLECTIONS.map((definition) => {
    const { $schema: _, ...schema } = z.toJSONSchema(definition.schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    return [definition.name, schema] as const;
  }),
);

/** References a model-builder field declares (`x-ref` on its property). */
function refsOf(properties: Record<string, unknown>): Array<{ path: string; collection: string }> {
  return Object.entries(properties).flatMap(([path, property]) => {
    const target = (property as { 'x-ref'?: unknown })['x-ref'];
    return typeof target === 'string' ? [{ path, collection: target }] : [];
  });
}

type StoredDefinition = Pick<CollectionRow, 'name' | 'schema' | 'ui'>;

/** A built-in collection with the extra fields, hints and list columns the model builder gave it. */
function resolveBuiltIn(definition: CollectionDefinition, extra?: StoredDefinition): ResolvedCollection {
  const base = builtInJsonSchemas.get(definition.name)!;
  const extraProperties = (extra?.schema.properties ?? {}) as Record<string, unknown>;
  const extraRequired = Array.isArray(extra?.schema.required) ? (extra!.schema.required as string[]) : [];
  const baseRequired = Array.isArray(base.required) ? (base.required as string[]) : [];
  const jsonSchema = {
    ...base,
    properties: { ...(base.properties as object), ...extraProperties },
    ...(baseRequired.length || extraRequired.length ? { required: [...baseRequired, ...extraRequired] } : {}),
  };
  const extraUi = (extra?.ui ?? {}) as Partial<CollectionUi>;
  const { schema: _, ...rules } = definition;
  const ui = {
    ...definition.ui,
    fields: { ...definition.ui.fields, ...extraUi.fields },
    // A field the project added and shows in the list comes right after the title: a list shows its first columns.
    columns: [
      ...definition.ui.columns.slice(0, 1),
      ...(extraUi.columns ?? []).filter((c) => !definition.ui.columns.includes(c)),
      ...definition.ui.columns.slice(1),
    ],
  };
  return {
    ...rules,
    ui,
    refs: [...definition.refs, ...refsOf(extraProperties)],
    jsonSchema,
    validate: compile(jsonSchema),
    fieldTypes: fieldTypesOf(jsonSchema),
    isCustom: false,
  };
}

/** The JSON Schema a model-builder collection must be: an object of named properties. */
export const customSchemaShape = z.object({
  type: z.literal('object'),
  properties: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,62}$/), z.record(z.string(), z.unknown())),
  required: z.array(z.string()).optional(),
});

/**
 * Who may read a custom collection's items, as its stored schema declares (`x-access`):
 * everyone (the default), or each person only their own items, by the ownership declared.
 */
const customAccessShape = z
  .object({ read: z.enum(['public', 'own']), ownership: collectionOwnershipSchema.optional() })
  .strict();

function resolveCustom(row: StoredDefinition): ResolvedCollection | null {
  const parsed = customSchemaShape.safeParse(row.schema);
  if (!parsed.success) return null;
  const access = customAccessShape.safeParse((row.schema as Record<string, unknown>)['x-access'] ?? { read: 'public' });
  // A declaration that is not one is read as the strictest: nobody but staff sees the items.
  const declared = access.success ? access.data : { read: 'own' as const, ownership: undefined };
  const jsonSchema = { ...parsed.data, additionalProperties: false };
  const ui = row.ui as Partial<CollectionUi>;
  const firstField = Object.keys(parsed.data.properties)[0] ?? '_id';
  return {
    name: row.name,
    ui: {
      label: ui.label ?? row.name,
      singular: ui.singular ?? row.name,
      icon: ui.icon ?? 'table',
      group: ui.group ?? 'Project',
      columns: ui.columns?.length ? ui.columns : Object.keys(parsed.data.properties).slice(0, 4),
      titleField: ui.titleField ?? firstField,
      ...(ui.fields ? { fields: ui.fields } : {}),
    },
    refs: refsOf(parsed.data.properties),
    read: declared.read,
    write: 'managers',
    ...(declared.ownership ? { ownership: declared.ownership } : {}),
    jsonSchema,
    validate: compile(jsonSchema),
    fieldTypes: fieldTypesOf(jsonSchema),
    isCustom: true,
  };
}

/** Each project's collections, resolved and compiled; the change feed drops a project's when its definitions change. */
const projectCollections = new TtlCache<Map<string, ResolvedCollection>>(60_000);

/** Keeps the cache exact (see the change feed): new definitions are read again; after a gap in the feed, all are. */
export function onCollectionsChange(event: FeedEvent): void {
  if (event.op === 'reset') projectCollections.clear();
  else if (event.collection === '$collections') projectCollections.delete(event.project);
}

function collectionsOf(db: Db, projectId: string): Promise<Map<string, ResolvedCollection>> {
  return projectCollections.get(
    projectId,
    async () => new Map((await loadCollections(db, projectId)).map((c) => [c.name, c])),
  );
}

/** Forget a project's cached collections (after the model builder changes them). */
export function forgetCollections(projectId: string): void {
  projectCollections.delete(projectId);
}

/** One collection of a project, built-in (with any extra fields) or custom; null when unknown. */
export async function resolveCollection(db: Db, projectId: string, name: string): Promise<ResolvedCollection | null> {
  if (!COLLECTION_NAME_PATTERN.test(name)) return null;
  return (await collectionsOf(db, projectId)).get(name) ?? null;
}

export async function listCollections(db: Db, projectId: string): Promise<ResolvedCollection[]> {
  return [...(await collectionsOf(db, projectId)).values()];
}

async function loadCollections(db: Db, projectId: string): Promise<ResolvedCollection[]> {
  return resolveCollectionRows(await collectionRowsOf(db, projectId));
}

/** The collections a project with these stored definitions has: the built-ins (with extra fields) and its own. */
export function resolveCollectionRows(
  rows: Array<Pick<CollectionRow, 'name' | 'schema' | 'ui'>>,
): ResolvedCollection[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const builtIns = BUILT_IN_COLLECTIONS.map((definition) => resolveBuiltIn(definition, byName.get(definition.name)));
  const custom = rows
    .filter((row) => !builtInCollection(row.name))
    .map(resolveCustom)
    .filter((c): c is ResolvedCollection => c !== null);
  return [...builtIns, ...custom];
}

/** Ajv's errors as the portal's field issues, each with its words' key (docs/languages.md). */
export function schemaIssues(errors: ErrorObject[] | null | undefined): FieldIssue[] {
  return (errors ?? []).map((error) => {
    const path = error.instancePath.split('/').filter(Boolean);
    if (error.keyword === 'required') path.push(String((error.params as { missingProperty: string }).missingProperty));
    if (error.keyword === 'additionalProperties')
      path.push(String((error.params as { additionalProperty: string }).additionalProperty));
    const words = schemaErrorWords(error.keyword, error.params as Record<string, unknown>);
    return { field: path.join('.') || '(item)', message: message(words.key, words.params), ...words };
  });
}
