import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NavLink,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MODEL_FIELD_KEY, MODEL_FIELD_TYPES, modelSchemaOf, type ModelField, type ModelFieldType } from '@decor/core';
import { SchemaForm } from '../../../components/schema-form/schema-form.tsx';
import { fieldsOf, problemsOf, type JsonSchema } from '../../../components/schema-form/fields.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { currentProjectKey } from '../../../config/env.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { namedInLanguage } from '../lib/collection-words.ts';

interface ModelView {
  name: string;
  label: string;
  builtIn: boolean;
  baseFields: Array<{ key: string; label: string }>;
  fields: ModelField[];
}

const modelsQuery = (projectId: string) => ({
  queryKey: [...ADMIN_KEY, 'models', projectId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ModelView[]>(`/api/admin/projects/${projectId}/models`, { signal }),
});

const blankField = (): ModelField => ({
  key: '',
  label: '',
  type: 'text',
  required: false,
  showInList: false,
  hidden: false,
});
const keyOf = (label: string) =>
  label
    .normalize('NFKD')
    .replace(/[^a-zA-Z0-9 ]/g, '')
    .trim()
    .split(/\s+/)
    .map((word, i) => (i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join('')
    .slice(0, 40);

/** `/admin/model-builder`: fields added to a project's collections, and collections of its own, with the form managers will get. */
export function ModelBuilder() {
  const t = useT();
  const projects = useQuery(adminProjectsQuery());
  const [projectId, setProjectId] = useState<string | null>(null);
  // Opens on the project of the address the administrator is on, else the first.
  const here = currentProjectKey();
  const chosen = projectId ?? projects.data?.find((p) => p.key === here)?._id ?? projects.data?.[0]?._id ?? null;
  return (
    <Stack gap="md">
      <Select
        label={t('app.adm.users.project')}
        data={(projects.data ?? []).map((p) => ({ value: p._id, label: `${p.name} (${p.key})` }))}
        value={chosen}
        onChange={setProjectId}
        allowDeselect={false}
        searchable
        w={{ base: '100%', sm: 320 }}
      />
      {chosen ? (
        <Models
          key={chosen}
          projectId={chosen}
          currency={projects.data?.find((p) => p._id === chosen)?.currency ?? 'CAD'}
        />
      ) : (
        <Skeleton h={200} />
      )}
    </Stack>
  );
}

function Models({ projectId, currency }: { projectId: string; currency: string }) {
  const t = useT();
  const models = useQuery(modelsQuery(projectId));
  const [selected, setSelected] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [newLabel, setNewLabel] = useState('');
  const [creating, setCreating] = useState<{ name: string; label: string } | null>(null);
  if (models.isError) return <Alert color="red">{t('app.editor.not-loaded')}</Alert>;
  if (!models.data) return <Skeleton h={300} />;
  const current = creating
    ? { name: creating.name, label: creating.label, builtIn: false, baseFields: [], fields: [] }
    : (models.data.find((m) => m.name === (selected ?? 'options')) ?? models.data[0]!);
  const nameProblem =
    newName && !/^[a-z][a-z0-9-]{0,62}$/.test(newName)
      ? t('app.model.name-pattern')
      : models.data.some((m) => m.name === newName)
        ? t('app.model.name-taken')
        : undefined;

  return (
    <SimpleGrid cols={{ base: 1, md: 4 }} spacing="lg">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('app.model.collections')}
        </Text>
        {models.data.map((model) => (
          <NavLink
            key={model.name}
            label={model.builtIn ? namedInLanguage(t, 'collection', model.name, model.label) : model.label}
            description={
              model.builtIn
                ? t('app.model.built-in-added', { count: model.fields.filter((f) => !f.hidden).length })
                : t('app.model.own')
            }
            active={!creating && model.name === current.name}
            onClick={() => {
              setCreating(null);
              setSelected(model.name);
            }}
            data-testid="model-link"
          />
        ))}
        <Card withBorder radius="md" padding="sm" mt="sm">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('app.model.new')}
            </Text>
            <TextInput
              size="xs"
              label={t('app.model.label')}
              placeholder="Showrooms"
              value={newLabel}
              onChange={(e) => {
                const label = e.currentTarget.value;
                setNewLabel(label);
                setNewName(
                  label
                    .toLowerCase()
                    .replace(/[^a-z0-9]+/g, '-')
                    .replace(/^-+|-+$/g, '')
                    .slice(0, 63),
                );
              }}
            />
            <TextInput
              size="xs"
              label={t('app.model.api-name')}
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              error={nameProblem}
            />
            <Button
              size="xs"
              variant="light"
              disabled={!newName || !newLabel || Boolean(nameProblem)}
              onClick={() => setCreating({ name: newName, label: newLabel })}
            >
              {t('app.model.start')}
            </Button>
          </Stack>
        </Card>
      </Stack>
      <div style={{ gridColumn: 'span 3' }}>
        <ModelEditor
          key={`${current.name}-${creating ? 'new' : 'old'}`}
          projectId={projectId}
          model={current}
          currency={currency}
          onSaved={(name) => {
            setCreating(null);
            setSelected(name);
            setNewName('');
            setNewLabel('');
          }}
          collections={models.data.map((m) => ({ value: m.name, label: m.label }))}
        />
      </div>
    </SimpleGrid>
  );
}

function ModelEditor({
  projectId,
  model,
  currency,
  collections,
  onSaved,
}: {
  projectId: string;
  model: ModelView;
  currency: string;
  collections: Array<{ value: string; label: string }>;
  onSaved: (name: string) => void;
}) {
  const errorText = useErrorText();
  const t = useT();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<ModelField[]>(model.fields.filter((f) => !f.hidden));
  const hidden = model.fields.filter((f) => f.hidden);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [preview, setPreview] = useState<Record<string, unknown>>({});
  const existingKeys = new Set(model.fields.map((f) => f.key));
  const baseKeys = useMemo(() => new Set(model.baseFields.map((f) => f.key)), [model.baseFields]);

  const update = (index: number, patch: Partial<ModelField>) =>
    setFields((list) => list.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  const local = useMemo(() => {
    const problems: Record<string, string> = {};
    fields.forEach((field, i) => {
      if (!field.label.trim()) problems[`fields.${i}.label`] = t('app.model.field-label');
      if (!MODEL_FIELD_KEY.test(field.key)) problems[`fields.${i}.key`] = t('app.model.field-key');
      else if (baseKeys.has(field.key) || fields.some((other, j) => j !== i && other.key === field.key))
        problems[`fields.${i}.key`] = t('app.model.key-taken');
      if (field.type === 'choice' && !field.choices?.length) problems[`fields.${i}.choices`] = t('app.model.one-value');
      if (field.type === 'reference' && !field.collection)
        problems[`fields.${i}.collection`] = t('app.model.choose-collection');
    });
    return problems;
  }, [fields, baseKeys, t]);
  const shown = { ...errors, ...local };

  // What the managers' form will be: the same schema the server builds, drawn by the same form.
  const previewFields = useMemo(() => {
    const valid = fields.filter((f) => MODEL_FIELD_KEY.test(f.key) && f.label.trim());
    const schema = modelSchemaOf(valid);
    return fieldsOf(
      { type: 'object', properties: schema.properties as Record<string, JsonSchema>, required: schema.required },
      { refs: schema.refs, hints: schema.hints },
    );
  }, [fields]);
  const previewProblems = problemsOf(previewFields, preview, t);

  const save = async () => {
    setMessage(null);
    setErrors({});
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      await api(`/api/admin/projects/${projectId}/models/${model.name}`, {
        method: 'PUT',
        body: {
          ...(model.builtIn ? {} : { label: model.label }),
          fields: fields.map((field) => ({ ...field, hidden: false })),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      await queryClient.invalidateQueries({ queryKey: ['schema'] });
      setMessage({ color: 'green', text: t('app.model.saved') });
      onSaved(model.name);
    } catch (caught) {
      if (caught instanceof ApiError) {
        const issues =
          (caught.details as { issues?: Array<{ field: string; message: string }> } | undefined)?.issues ?? [];
        setErrors(Object.fromEntries(issues.map((i) => [i.field.replace(/^body\./, ''), i.message])));
        setMessage({ color: 'red', text: errorText(caught, 'app.model.not-saved') });
      } else setMessage({ color: 'red', text: t('app.model.not-saved') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          {model.builtIn ? namedInLanguage(t, 'collection', model.name, model.label) : model.label}{' '}
          {model.builtIn ? (
            <Badge variant="light">{t('app.model.built-in')}</Badge>
          ) : (
            <Badge variant="light" color="grape">
              {t('app.model.own')}
            </Badge>
          )}
        </Title>
      </Group>
      {message && (
        <Alert color={message.color} data-testid="model-message">
          {message.text}
        </Alert>
      )}
      {model.builtIn && (
        <Text size="sm" c="dimmed">
          {t('app.model.base-fields', {
            fields: model.baseFields.map((f) => namedInLanguage(t, 'field', f.key, f.label)).join(', '),
          })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="sm">
          {fields.length === 0 && <Text c="dimmed">{t('app.model.no-field')}</Text>}
          {fields.map((field, index) => {
            const isExisting =
              existingKeys.has(field.key) && model.fields.find((f) => f.key === field.key)?.type === field.type;
            return (
              <FieldCard
                key={index}
                field={field}
                index={index}
                isExisting={isExisting}
                shown={shown}
                collections={collections}
                update={(patch) => update(index, patch)}
                remove={() => setFields((list) => list.filter((_, i) => i !== index))}
              />
            );
          })}
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setFields((list) => [...list, blankField()])}>
              {t('app.model.add-field')}
            </Button>
            <Button size="xs" loading={isSaving} onClick={() => void save()}>
              {t('app.model.save')}
            </Button>
          </Group>
          {hidden.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('app.model.hidden', { fields: hidden.map((f) => f.label).join(', ') })}
            </Text>
          )}
        </Stack>
        <Card withBorder radius="md" padding="md" data-testid="model-preview">
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {t('app.model.preview', { builtIn: model.builtIn ? 'yes' : 'no' })}
            </Text>
            {previewFields.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('app.model.preview-empty')}
              </Text>
            ) : (
              <SchemaForm
                fields={previewFields}
                value={preview}
                onChange={setPreview}
                errors={previewProblems}
                currency={currency}
              />
            )}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** One field of a model: its label and key, kind, values or target, and whether it is required and listed. */
function FieldCard({
  field,
  index,
  isExisting,
  shown,
  collections,
  update,
  remove,
}: {
  field: ModelField;
  index: number;
  isExisting: boolean;
  shown: Record<string, string>;
  collections: Array<{ value: string; label: string }>;
  update: (patch: Partial<ModelField>) => void;
  remove: () => void;
}) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="model-field">
      <Stack gap={6}>
        <Group grow align="start" gap="xs">
          <TextInput
            size="xs"
            label={t('app.model.label')}
            value={field.label}
            onChange={(e) => {
              const label = e.currentTarget.value;
              update({ label, ...(isExisting || field.key !== keyOf(field.label) ? {} : { key: keyOf(label) }) });
            }}
            error={shown[`fields.${index}.label`]}
          />
          <TextInput
            size="xs"
            label={t('app.adm.flags.key')}
            value={field.key}
            onChange={(e) => update({ key: e.currentTarget.value.trim() })}
            error={shown[`fields.${index}.key`]}
            disabled={isExisting}
          />
        </Group>
        <Group grow align="start" gap="xs">
          <Select
            size="xs"
            label={t('app.model.kind')}
            data={MODEL_FIELD_TYPES.map((type) => ({ value: type, label: t('app.model.type', { type }) }))}
            value={field.type}
            onChange={(type) => type && update({ type: type as ModelFieldType })}
            allowDeselect={false}
            disabled={isExisting}
            error={shown[`fields.${index}.type`]}
          />
          {field.type === 'reference' && (
            <Select
              size="xs"
              label={t('app.model.links-to')}
              data={collections}
              value={field.collection ?? null}
              onChange={(collection) => update({ collection: collection ?? undefined })}
              error={shown[`fields.${index}.collection`]}
            />
          )}
        </Group>
        {field.type === 'choice' && (
          <TagsInput
            size="xs"
            label={t('app.model.values')}
            placeholder={t('app.model.values-help')}
            value={field.choices ?? []}
            onChange={(choices) => update({ choices })}
            error={shown[`fields.${index}.choices`]}
          />
        )}
        <Group gap="md">
          <Checkbox
            size="xs"
            label={t('app.field.required')}
            checked={field.required}
            onChange={(e) => update({ required: e.currentTarget.checked })}
          />
          <Checkbox
            size="xs"
            label={t('app.model.in-list')}
            checked={field.showInList}
            onChange={(e) => update({ showInList: e.currentTarget.checked })}
          />
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={remove}
            aria-label={t('app.model.remove', { field: field.label || t('app.model.this-field') })}
          >
            {t('app.adm.remove')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
