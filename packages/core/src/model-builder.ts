import { z } from 'zod';
import { said, worded } from './validation-issues.ts';
import { collectionOwnershipSchema, type FieldHint } from './collections.ts';

/*
 * The model builder (docs/admin.md, "Model builder"): fields an administrator adds to a built-in
 * collection or gathers into a collection of the project's own, and the JSON Schema and UI
 * hints the collection engine and the managers' forms get from them.
 */

export const MODEL_FIELD_TYPES = [
  'text',
  'longText',
  'number',
  'integer',
  'boolean',
  'date',
  'choice',
  'reference',
  'file',
] as const;
export type ModelFieldType = (typeof MODEL_FIELD_TYPES)[number];

export const MODEL_FIELD_KEY = /^[a-z][a-zA-Z0-9]{0,39}$/;

export const modelFieldSchema = z
  .object({
    key: z.string().regex(worded(MODEL_FIELD_KEY, 'validation.field-key')),
    label: z.string().trim().min(1, 'Give the field a label.').max(100),
    type: z.enum(MODEL_FIELD_TYPES),
    required: z.boolean().default(false),
    /** For a choice: the values to choose from. */
    choices: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
    /** For a reference: the collection it points to. */
    collection: z.string().max(64).optional(),
    help: z.string().trim().max(300).optional(),
    /** Shown as a column of the managers' list. */
    showInList: z.boolean().default(false),
    /** Removed: kept in the schema (the data stays valid and kept) but shown nowhere. */
    hidden: z.boolean().default(false),
  })
  .strict()
  .superRefine((field, context) => {
    if (field.type === 'choice' && !field.choices?.length)
      context.addIssue({ code: 'custom', path: ['choices'], ...said('validation.choice-values') });
    if (field.type === 'reference' && !field.collection)
      context.addIssue({ code: 'custom', path: ['collection'], ...said('validation.reference-collection') });
  });
export type ModelField = z.infer<typeof modelFieldSchema>;
export type ModelFieldInput = z.input<typeof modelFieldSchema>;

export const modelInputSchema = z
  .object({
    label: z.string().trim().min(1).max(60).optional(),
    singular: z.string().trim().min(1).max(60).optional(),
    fields: z.array(modelFieldSchema).max(100),
    /**
     * Who reads a collection of the project's own: everyone (the default), or each person only
     * the items they own by the ownership declared (a field naming them, or a unit they buy).
     * Built-in collections keep the access they were built with.
     */
    access: z
      .object({ read: z.enum(['public', 'own']), ownership: collectionOwnershipSchema.optional() })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((model, context) => {
    const seen = new Set<string>();
    model.fields.forEach((field, index) => {
      if (seen.has(field.key))
        context.addIssue({
          code: 'custom',
          path: ['fields', index, 'key'],
          ...said('validation.used-twice', { value: field.key }),
        });
      seen.add(field.key);
    });
  });
export type ModelInput = z.infer<typeof modelInputSchema>;

/** The JSON Schema property of a field: nullable unless required, a reference marked with `x-ref`. */
export function propertyOf(field: ModelField): Record<string, unknown> {
  const nullable = (type: string) => (field.required ? type : [type, 'null']);
  const title = { title: field.label };
  switch (field.type) {
    case 'text':
      return { ...title, type: nullable('string'), maxLength: 300, ...(field.required ? { minLength: 1 } : {}) };
    case 'longText':
      return { ...title, type: nullable('string'), maxLength: 5000, ...(field.required ? { minLength: 1 } : {}) };
    case 'number':
      return { ...title, type: nullable('number') };
    case 'integer':
      return { ...title, type: nullable('integer') };
    case 'boolean':
      return { ...title, type: nullable('boolean') };
    case 'date':
      return { ...title, type: nullable('string'), format: 'date-time' };
    case 'choice':
      return {
        ...title,
        type: nullable('string'),
        enum: field.required ? field.choices : [...(field.choices ?? []), null],
      };
    case 'reference':
      return { ...title, type: nullable('string'), format: 'uuid', 'x-ref': field.collection };
    case 'file':
      return { ...title, type: nullable('string'), format: 'uuid' };
  }
}

/** What the engine and the forms get from a list of fields: properties, required keys, hints, list columns. */
export function modelSchemaOf(fields: ModelField[]) {
  const properties: Record<string, Record<string, unknown>> = {};
  const hints: Record<string, FieldHint> = {};
  for (const field of fields) {
    properties[field.key] = propertyOf(field);
    hints[field.key] = {
      label: field.label,
      ...(field.help ? { help: field.help } : {}),
      ...(field.type === 'file'
        ? { kind: 'file' as const, accept: 'image/png,image/jpeg,image/webp,application/pdf' }
        : {}),
      ...(field.hidden ? { hidden: true } : {}),
    };
  }
  return {
    properties,
    required: fields.filter((f) => f.required && !f.hidden).map((f) => f.key),
    hints,
    columns: fields.filter((f) => f.showInList && !f.hidden).map((f) => f.key),
    refs: fields
      .filter((f) => f.type === 'reference' && f.collection)
      .map((f) => ({ path: f.key, collection: f.collection! })),
  };
}

/**
 * The fields to keep after a change: the new list, and every earlier field it leaves out kept
 * hidden (removing a field hides it; its data stays).
 */
export function keepRemovedFields(before: ModelField[], after: ModelField[]): ModelField[] {
  const keys = new Set(after.map((f) => f.key));
  return [
    ...after,
    ...before.filter((f) => !keys.has(f.key)).map((f) => ({ ...f, hidden: true, required: false, showInList: false })),
  ];
}
