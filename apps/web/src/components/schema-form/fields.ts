import type { FieldHint, Translate } from '@decor/core';

/** The part of JSON Schema the collections use (docs/data-model.md). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

export type FieldKindName =
  | 'text'
  | 'textarea'
  | 'markdown'
  | 'number'
  | 'money'
  | 'boolean'
  | 'select'
  | 'color'
  | 'datetime'
  | 'reference'
  | 'references'
  | 'file'
  | 'files'
  | 'tags'
  | 'object';

export interface FieldSpec {
  /** Dotted path from the item: `price`, `swatch.color`. */
  path: string;
  key: string;
  label: string;
  help?: string | undefined;
  kind: FieldKindName;
  schema: JsonSchema;
  required: boolean;
  /** An empty value is stored as null (a `nullable` field) rather than left out. */
  nullable: boolean;
  /** For references: the collection they point to. */
  collection?: string | undefined;
  /** For selects: the allowed values, and how each reads for people (the value itself when not given). */
  choices?: string[] | undefined;
  choiceLabels?: Record<string, string> | undefined;
  accept?: string | undefined;
  /** For objects: their own fields. */
  fields?: FieldSpec[] | undefined;
  /** Written in each of the project's languages (docs/languages.md): the others in `translations.<language>.<key>`. */
  translatable?: boolean | undefined;
}

/** "priceAdjustment" → "Price adjustment". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const COLOUR = '^#[0-9a-fA-F]{6}$';

/** A schema that may also be null: its non-null part, and whether null is allowed. */
function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (schema.anyOf) {
    const others = schema.anyOf.filter((s) => s.type !== 'null');
    if (others.length === 1 && others.length < schema.anyOf.length)
      return { schema: { ...others[0]!, default: schema.default }, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = schema.type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  return { schema, nullable: false };
}

/**
 * The form's fields from a collection's JSON Schema, its references and its UI hints: the
 * hint's kind first, then a reference, then what the schema itself says (docs/back-office.md,
 * "Catalogue editor").
 */
export function fieldsOf(
  schema: JsonSchema,
  {
    refs = [],
    hints = {},
    prefix = '',
  }: { refs?: Array<{ path: string; collection: string }>; hints?: Record<string, FieldHint>; prefix?: string } = {},
): FieldSpec[] {
  const required = new Set(schema.required ?? []);
  const specs: FieldSpec[] = [];
  for (const [key, raw] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    const hint = hints[path] ?? {};
    if (hint.hidden) continue;
    const { schema: field, nullable } = unwrapNullable(raw);
    const single = refs.find((r) => r.path === path);
    const many = refs.find((r) => r.path === `${path}[]`);
    const base = {
      path,
      key,
      label: hint.label ?? humanize(key),
      help: hint.help,
      schema: field,
      required: required.has(key) && raw.default === undefined,
      nullable,
      accept: hint.accept,
      ...(hint.translatable ? { translatable: true } : {}),
    };
    let kind: FieldKindName;
    let extra: Partial<FieldSpec> = {};
    if (hint.kind) kind = hint.kind;
    else if (single) [kind, extra] = ['reference', { collection: single.collection }];
    else if (many) [kind, extra] = ['references', { collection: many.collection }];
    else if (field.enum)
      [kind, extra] = ['select', { choices: field.enum.filter((v): v is string => typeof v === 'string') }];
    else if (field.type === 'boolean') kind = 'boolean';
    else if (field.type === 'integer' || field.type === 'number') kind = 'number';
    else if (field.type === 'string' && field.pattern === COLOUR) kind = 'color';
    else if (field.type === 'string' && field.format === 'date-time') kind = 'datetime';
    else if (field.type === 'string') kind = (field.maxLength ?? 0) > 300 ? 'textarea' : 'text';
    else if (field.type === 'array' && field.items?.type === 'string') kind = 'tags';
    else if (field.type === 'object')
      [kind, extra] = ['object', { fields: fieldsOf(field, { refs, hints, prefix: path }) }];
    else continue;
    specs.push({ ...base, kind, ...extra });
  }
  return specs;
}

/** The value at a dotted path. */
export function valueAt(item: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      item,
    );
}

/** A copy of the item with the value at a dotted path replaced (objects on the way created). */
export function withValueAt(item: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...item, [head!]: value };
  const inner = item[head!];
  return {
    ...item,
    [head!]: withValueAt(
      inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {},
      rest.join('.'),
      value,
    ),
  };
}

/** What a field's value breaks of its schema, in words (the server says the same and has the last word). */
export function problemOf(spec: FieldSpec, value: unknown, t: Translate): string | null {
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) return spec.required ? t('app.form.required') : null;
  // Picked from a list: the server checks that what is referred to exists.
  if (spec.kind === 'reference' || spec.kind === 'references' || spec.kind === 'file' || spec.kind === 'files')
    return null;
  const s = spec.schema;
  // What a number or date field could not read stays as it was typed: the field says why, and nothing is saved.
  if ((spec.kind === 'number' || spec.kind === 'money') && typeof value !== 'number') return t('app.form.not-number');
  if (spec.kind === 'datetime' && (typeof value !== 'string' || !/(Z|[+-]\d{2}:\d{2})$/.test(value)))
    return t('app.form.not-date');
  if (typeof value === 'number') {
    if (s.type === 'integer' && !Number.isInteger(value)) return t('app.form.whole');
    if (s.minimum !== undefined && value < s.minimum) return t('app.form.at-least', { limit: s.minimum });
    if (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum)
      return t('app.form.more-than', { limit: s.exclusiveMinimum });
    if (s.maximum !== undefined && value > s.maximum) return t('app.form.at-most', { limit: s.maximum });
  }
  if (typeof value === 'string') {
    if (s.minLength !== undefined && value.trim().length < s.minLength) return t('app.form.required');
    if (s.maxLength !== undefined && value.length > s.maxLength)
      return t('app.form.at-most-characters', { limit: s.maxLength });
    if (s.pattern && !new RegExp(s.pattern).test(value))
      return spec.kind === 'color' ? t('app.form.colour') : t('app.form.pattern');
  }
  if (Array.isArray(value) && s.maxItems !== undefined && value.length > s.maxItems)
    return t('app.form.at-most', { limit: s.maxItems });
  return null;
}

/** Every problem of an item, by path, nested objects included, in the reader's words. */
export function problemsOf(specs: FieldSpec[], item: Record<string, unknown>, t: Translate): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const spec of specs) {
    const value = valueAt(item, spec.path);
    if (spec.kind === 'object') {
      if (value && typeof value === 'object') Object.assign(problems, problemsOf(spec.fields ?? [], item, t));
      else if (spec.required && !spec.nullable) problems[spec.path] = t('app.form.required');
      continue;
    }
    const problem = problemOf(spec, value, t);
    if (problem) problems[spec.path] = problem;
  }
  return problems;
}
