import { useState } from 'react';
import {
  Button,
  ColorInput,
  Fieldset,
  Group,
  Image,
  MultiSelect,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  Text,
  TextInput,
} from '@mantine/core';
import { useCollectionChoices } from '../../lib/collection-choices.ts';
import { FileUpload } from '../ui/file-upload.tsx';
import { MarkdownEditor } from '../ui/markdown-editor.tsx';
import { type FieldSpec, valueAt, withValueAt } from './fields.ts';
import { NumberField } from '../ui/number-field.tsx';
import { ZonedDateTimeInput } from '../ui/zoned-date-time-input.tsx';
import { useZone } from '../../lib/use-dates.ts';
import { useT } from '../../lib/i18n.ts';
import { LANGUAGE_NAMES, type Language } from '@decor/core';

export interface SchemaFormProps {
  fields: FieldSpec[];
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** Problems by field path: the browser's own checks and the server's messages. */
  errors?: Record<string, string>;
  /** For money fields: the project's currency (minor units underneath). */
  currency: string;
  disabled?: boolean;
  /** The project's languages: a translatable field is asked for in each, the default first (docs/languages.md). */
  languages?: { default: Language; others: Language[] } | undefined;
}

/**
 * A form generated from a collection's fields (docs/back-office.md, "Catalogue editor"): one
 * input per field kind, the value kept as the API stores it (money in minor units, files and
 * references as ids), problems shown at their field.
 */
export function SchemaForm({ fields, value, onChange, errors = {}, currency, disabled, languages }: SchemaFormProps) {
  const t = useT();
  const inLanguage = (spec: FieldSpec, language: Language) =>
    t('app.editor.in-language', { field: spec.label, language: LANGUAGE_NAMES[language] });
  return (
    <Stack gap="sm">
      {fields.flatMap((spec) =>
        spec.translatable && languages?.others.length
          ? [
              <Field
                key={spec.path}
                spec={{ ...spec, label: inLanguage(spec, languages.default) }}
                item={value}
                onChange={onChange}
                errors={errors}
                currency={currency}
                disabled={disabled}
              />,
              ...languages.others.map((language) => (
                <Field
                  key={`${language}:${spec.path}`}
                  spec={translationSpec(spec, language, inLanguage(spec, language))}
                  item={value}
                  onChange={onChange}
                  errors={errors}
                  currency={currency}
                  disabled={disabled}
                />
              )),
            ]
          : [
              <Field
                key={spec.path}
                spec={spec}
                item={value}
                onChange={onChange}
                errors={errors}
                currency={currency}
                disabled={disabled}
              />,
            ],
      )}
    </Stack>
  );
}

/** The field of a translatable field's words in another language: never required (the default language's words stand in), emptied to nothing. */
function translationSpec(spec: FieldSpec, language: Language, label: string): FieldSpec {
  return {
    ...spec,
    path: `translations.${language}.${spec.key}`,
    label,
    help: undefined,
    required: false,
    nullable: false,
    translatable: false,
  };
}

interface FieldProps {
  spec: FieldSpec;
  item: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  errors: Record<string, string>;
  currency: string;
  disabled?: boolean | undefined;
}

/** A number field's value: the number, undefined while what was typed (kept as text) is not one, null when empty. */
const numberOrTyped = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' ? undefined : null;
/** A date field's value: the moment, undefined while what was typed (kept as text) is not one, null when empty. */
const momentOrTyped = (value: unknown) =>
  typeof value !== 'string' ? null : /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : undefined;

/** The value stored for an emptied input: null where the schema allows it, else nothing. */
const emptyOf = (spec: FieldSpec) => (spec.nullable ? null : undefined);

function Field({ spec, item, onChange, errors, currency, disabled }: FieldProps) {
  // Numbers and dates are typed as the project writes them, in its zone (docs/numbers.md, docs/dates.md).
  const zone = useZone();
  const value = valueAt(item, spec.path);
  const set = (next: unknown) => onChange(withValueAt(item, spec.path, next));
  const common = {
    label: spec.label,
    description: spec.help,
    error: errors[spec.path],
    required: spec.required,
    disabled,
    'data-field': spec.path,
  };

  switch (spec.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.currentTarget.value === '' ? (emptyOf(spec) ?? '') : e.currentTarget.value)}
          maxLength={spec.schema.maxLength}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={10}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.currentTarget.value)}
          maxLength={spec.schema.maxLength}
        />
      );
    case 'markdown':
      return (
        <MarkdownField
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={set}
          maxLength={spec.schema.maxLength}
        />
      );
    case 'number':
      return (
        <NumberField
          {...common}
          locale={zone.locale}
          value={numberOrTyped(value)}
          onChange={(number, typed) => set(number === null ? emptyOf(spec) : (number ?? typed))}
          integer={spec.schema.type === 'integer'}
          min={spec.schema.minimum}
          max={spec.schema.maximum}
        />
      );
    case 'money':
      return (
        <NumberField
          {...common}
          locale={zone.locale}
          money={{ currency }}
          value={numberOrTyped(value)}
          onChange={(minor, typed) => set(minor === null ? emptyOf(spec) : (minor ?? typed))}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={spec.label}
          description={spec.help}
          checked={value === true}
          onChange={(e) => set(e.currentTarget.checked)}
          disabled={disabled}
          data-field={spec.path}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={(spec.choices ?? []).map((c) => ({ value: c, label: spec.choiceLabels?.[c] ?? c }))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => set(v ?? emptyOf(spec))}
          clearable={!spec.required}
        />
      );
    case 'color':
      return (
        <ColorInput
          {...common}
          format="hex"
          value={typeof value === 'string' ? value : ''}
          onChange={(v) => set(v || emptyOf(spec))}
        />
      );
    case 'datetime':
      return (
        <ZonedDateTimeInput
          {...common}
          value={momentOrTyped(value)}
          onChange={(iso, typed) => set(iso === null ? emptyOf(spec) : (iso ?? typed))}
        />
      );
    case 'reference':
    case 'references':
      return <ReferenceField spec={spec} value={value} onChange={set} common={common} />;
    case 'file':
    case 'files':
      return <FilesField spec={spec} value={value} onChange={set} error={errors[spec.path]} disabled={disabled} />;
    case 'tags':
      return <TagsInput {...common} value={Array.isArray(value) ? (value as string[]) : []} onChange={set} />;
    case 'object':
      return (
        <ObjectField
          spec={spec}
          item={item}
          onChange={onChange}
          errors={errors}
          currency={currency}
          disabled={disabled}
        />
      );
  }
}

function MarkdownField({
  label,
  ...rest
}: {
  value: string;
  onChange: (v: string) => void;
  maxLength?: number | undefined;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  return <MarkdownEditor label={label} {...rest} />;
}

function ReferenceField({
  spec,
  value,
  onChange,
  common,
}: {
  spec: FieldSpec;
  value: unknown;
  onChange: (v: unknown) => void;
  common: Record<string, unknown>;
}) {
  const t = useT();
  const choices = useCollectionChoices(spec.collection);
  const data = choices.data ?? [];
  const placeholder = choices.isLoading ? t('app.form.loading') : t('app.form.search');
  if (spec.kind === 'references') {
    const selected = Array.isArray(value) ? (value as string[]) : [];
    // Ids no longer in the collection stay visible (and removable) instead of vanishing.
    const known = new Set(data.map((c) => c.value));
    const all = [
      ...data,
      ...selected
        .filter((id) => !known.has(id))
        .map((id) => ({ value: id, label: t('app.form.missing', { id: id.slice(0, 8) }) })),
    ];
    return (
      <MultiSelect
        {...common}
        data={all}
        value={selected}
        onChange={onChange}
        searchable
        placeholder={placeholder}
        nothingFoundMessage={t('app.form.nothing-found')}
      />
    );
  }
  return (
    <Select
      {...common}
      data={data}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v ?? (spec.nullable ? null : undefined))}
      searchable
      clearable={!spec.required}
      placeholder={placeholder}
      nothingFoundMessage={t('app.form.nothing-found')}
    />
  );
}

/** One file or several (the first is the main one), uploaded with progress and shown as thumbnails. */
function FilesField({
  spec,
  value,
  onChange,
  error,
  disabled,
}: {
  spec: FieldSpec;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const t = useT();
  const many = spec.kind === 'files';
  const ids = many ? (Array.isArray(value) ? (value as string[]) : []) : typeof value === 'string' ? [value] : [];
  const max = spec.schema.maxItems ?? 20;
  const setIds = (next: string[]) => onChange(many ? next : (next[0] ?? (spec.nullable ? null : undefined)));
  return (
    <Stack gap={6} data-field={spec.path}>
      <Text size="sm" fw={500}>
        {spec.label}
      </Text>
      {spec.help && (
        <Text size="xs" c="dimmed">
          {spec.help}
        </Text>
      )}
      {ids.length > 0 && (
        <Group gap="sm">
          {ids.map((id, index) => (
            <Stack key={id} gap={4} align="center" data-testid="file-thumb">
              <Image
                src={`/api/files/${id}?thumb=200`}
                alt={index === 0 && many ? t('app.form.main-of', { field: spec.label }) : spec.label}
                w={88}
                h={88}
                radius="sm"
                fit="cover"
              />
              {many && index === 0 && (
                <Text size="xs" fw={600}>
                  {t('app.form.main')}
                </Text>
              )}
              <Group gap={4}>
                {many && index > 0 && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    disabled={disabled}
                    onClick={() => setIds([id, ...ids.filter((other) => other !== id)])}
                  >
                    {t('app.form.make-main')}
                  </Button>
                )}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  disabled={disabled}
                  onClick={() => setIds(ids.filter((other) => other !== id))}
                  aria-label={t('app.form.remove-file', { field: spec.label })}
                >
                  {t('app.form.remove')}
                </Button>
              </Group>
            </Stack>
          ))}
        </Group>
      )}
      {!disabled && (many ? ids.length < max : ids.length === 0) && (
        <FileUpload
          label={many ? t('app.form.add-file', { another: ids.length ? 'yes' : 'no' }) : t('app.form.upload')}
          accept={spec.accept}
          configs={{ purpose: 'catalogue' }}
          onUploaded={(file) => setIds(many ? [...ids, file._id] : [file._id])}
        />
      )}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function ObjectField({ spec, item, onChange, errors, currency, disabled }: FieldProps) {
  const t = useT();
  const value = valueAt(item, spec.path);
  const present = value !== null && value !== undefined;
  const [isOpen, setOpen] = useState(present);
  const fields = spec.fields ?? [];
  if (spec.nullable && !present && !isOpen) {
    return (
      <Group gap="xs" data-field={spec.path}>
        <Text size="sm">{t('app.form.none', { field: spec.label })}</Text>
        <Button
          size="compact-sm"
          variant="light"
          disabled={disabled}
          onClick={() => {
            setOpen(true);
            onChange(withValueAt(item, spec.path, defaultsOf(fields)));
          }}
        >
          {t('app.form.add')}
        </Button>
      </Group>
    );
  }
  return (
    <Fieldset legend={spec.label} data-field={spec.path}>
      {spec.help && (
        <Text size="xs" c="dimmed" mb="xs">
          {spec.help}
        </Text>
      )}
      <SchemaForm
        fields={fields}
        value={item}
        onChange={onChange}
        errors={errors}
        currency={currency}
        disabled={disabled}
      />
      {spec.nullable && (
        <Button
          mt="xs"
          size="compact-sm"
          variant="subtle"
          color="red"
          disabled={disabled}
          onClick={() => {
            setOpen(false);
            onChange(withValueAt(item, spec.path, null));
          }}
        >
          {t('app.form.remove-object', { field: spec.label })}
        </Button>
      )}
    </Fieldset>
  );
}

/** A new nested object: its fields' defaults. */
function defaultsOf(fields: FieldSpec[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.schema.default !== undefined).map((f) => [f.key, f.schema.default]));
}
