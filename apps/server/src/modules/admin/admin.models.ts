import {
  BUILT_IN_COLLECTIONS,
  builtInCollection,
  COLLECTION_NAME_PATTERN,
  fail,
  keepRemovedFields,
  modelSchemaOf,
  type ModelField,
  type ModelInput,
} from '@decor/core';
import { type Db, withTransaction } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import {
  collectionRowsOf,
  findCollectionRow,
  forgetCollections,
  listCollections,
  saveCollectionRow,
} from '../decor/index.ts';
import { findProjectById } from '../projects/index.ts';
import { recordAdminChange } from '../audit/index.ts';

/** A collection as the model builder shows it: its own fields (built-in ones read-only) and the added ones. */
export interface ModelView {
  name: string;
  label: string;
  builtIn: boolean;
  baseFields: Array<{ key: string; label: string }>;
  fields: ModelField[];
}

const storedFields = (ui: unknown): ModelField[] =>
  ((ui as { modelFields?: ModelField[] } | null)?.modelFields ?? []).map((f) => ({ ...f }));

export async function listModels(db: Db, projectId: string): Promise<ModelView[]> {
  if (!(await findProjectById(db, projectId))) throw fail('not_found', 'project.no-such');
  const [rows, resolved] = await Promise.all([collectionRowsOf(db, projectId), listCollections(db, projectId)]);
  const byName = new Map(rows.map((row) => [row.name, row]));
  return resolved.map((collection) => {
    const added = storedFields(byName.get(collection.name)?.ui);
    const addedKeys = new Set(added.map((f) => f.key));
    const builtIn = !collection.isCustom;
    const properties = Object.keys((collection.jsonSchema.properties ?? {}) as object).filter(
      (key) => !addedKeys.has(key),
    );
    return {
      name: collection.name,
      label: collection.ui.label,
      builtIn,
      baseFields: builtIn ? properties.map((key) => ({ key, label: collection.ui.fields?.[key]?.label ?? key })) : [],
      fields: added,
    };
  });
}

/**
 * Adds fields to a built-in collection, or defines a collection of the project's own. Nothing is
 * migrated: a field left out is kept hidden with its data, and a field's kind cannot change (a
 * new field can be added instead). Audited; every server forgets its cached definitions at once.
 */
export async function saveModel({
  db,
  actor,
  projectId,
  name,
  input,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  name: string;
  input: ModelInput;
}) {
  const project = await findProjectById(db, projectId);
  if (!project) throw fail('not_found', 'project.no-such');
  if (!COLLECTION_NAME_PATTERN.test(name)) throw fail('bad_request', 'admin.model-name', { name }, { field: 'name' });
  const builtIn = builtInCollection(name);
  const row = await findCollectionRow(db, projectId, name);
  const before = storedFields(row?.ui);
  const problem = (field: string, message: string) =>
    fail('rule_broken', 'admin.model-invalid', { message }, { issues: [{ field, message }] });

  const baseKeys = builtIn ? Object.keys(builtIn.schema.shape) : [];
  for (const [index, field] of input.fields.entries()) {
    if (baseKeys.includes(field.key))
      throw problem(`fields.${index}.key`, `“${field.key}” is already a field of ${builtIn!.ui.label}.`);
    const earlier = before.find((f) => f.key === field.key);
    if (earlier && earlier.type !== field.type)
      throw problem(
        `fields.${index}.type`,
        `“${field.label}” holds data of its first kind: add a new field instead of changing its kind.`,
      );
  }
  const names = new Set([
    ...BUILT_IN_COLLECTIONS.map((c) => c.name),
    ...(await listCollections(db, projectId)).map((c) => c.name),
    name,
  ]);
  for (const [index, field] of input.fields.entries()) {
    if (field.type === 'reference' && !names.has(field.collection!))
      throw problem(`fields.${index}.collection`, `There is no collection “${field.collection}” in this project.`);
  }
  const fields = keepRemovedFields(before, input.fields);
  if (!builtIn && !fields.some((f) => !f.hidden)) throw problem('fields', 'A collection needs at least one field.');

  if (builtIn && input.access) throw problem('access', `${builtIn.ui.label} keep the access they were built with.`);
  const model = modelSchemaOf(fields);
  // Who reads the items of a collection of the project's own, as declared (kept when not given again).
  const access = input.access ?? (row?.schema as { 'x-access'?: unknown } | undefined)?.['x-access'];
  const schema = {
    type: 'object',
    properties: model.properties,
    ...(model.required.length ? { required: model.required } : {}),
    ...(!builtIn && access ? { 'x-access': access } : {}),
  };
  const label = input.label ?? (row?.ui as { label?: string } | undefined)?.label ?? builtIn?.ui.label ?? name;
  const ui = {
    ...(builtIn
      ? {}
      : {
          label,
          singular: input.singular ?? (row?.ui as { singular?: string } | undefined)?.singular ?? label,
          group: 'Project',
          icon: 'table',
          titleField:
            fields.find((f) => !f.hidden && (f.type === 'text' || f.type === 'choice'))?.key ?? fields[0]!.key,
        }),
    columns: model.columns,
    fields: model.hints,
    modelFields: fields,
  };
  await withTransaction(db, async (t) => {
    await saveCollectionRow(t, { existingId: row?.id ?? null, projectId, name, schema, ui });
    await recordAdminChange(t, {
      actorId: actor.userId,
      action: row ? 'collection.update' : 'collection.create',
      targetKind: 'collection',
      targetId: `${projectId}:${name}`,
      projectId,
      before: row ? { fields: before } : null,
      after: { fields },
    });
  });
  forgetCollections(projectId);
  return (await listModels(db, projectId)).find((m) => m.name === name)!;
}
