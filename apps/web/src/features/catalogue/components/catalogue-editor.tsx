import { useEffect, useMemo, useState } from 'react';
import { StickyActions } from '../../../components/ui/sticky-actions.tsx';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { formatList, projectLanguages } from '@decor/core';
import { ApiError } from '../../../lib/api-client.ts';
import { currentOfConflict, useVersionedDraft } from '../../../lib/versioned-draft.ts';
import { ConflictNotice } from '../../../components/ui/conflict-notice.tsx';
import { createCollectionStore, type CollectionItem } from '../../../lib/collection-store.ts';
import { allItemsQuery, useCollectionChoices } from '../../../lib/collection-choices.ts';
import { useProject } from '../../../lib/project.ts';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { SchemaForm } from '../../../components/schema-form/schema-form.tsx';
import { fieldsOf, problemsOf, valueAt, type FieldSpec } from '../../../components/schema-form/fields.ts';
import { collectionsQuery, type CollectionInfo } from '../api/get-collections.ts';
import { catalogueCheckQuery } from '../api/get-catalogue-check.ts';
import { CatalogueCheck } from './catalogue-check.tsx';
import { OptionCost } from './option-cost.tsx';
import { PackagePanel } from './package-panel.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useCollectionWords } from '../lib/collection-words.ts';

/** The collections a manager edits here: those the design centre writes (carts and purchases have their own pages). */
const isEditable = (c: CollectionInfo) => c.access.write === 'managers';

/** `/manage/models/{collection?}/{id?}`: the catalogue editor generated from each collection's schema and hints. */
export function CatalogueEditor({ collection, id }: { collection?: string | undefined; id?: string | undefined }) {
  const t = useT();
  const collections = useQuery(collectionsQuery);
  if (collections.isError) return <Alert color="red">{t('app.editor.not-loaded')}</Alert>;
  if (!collections.data) return <Skeleton h={300} />;
  const editable = collections.data.filter(isEditable);
  const current = editable.find((c) => c.name === collection);
  if (!collection) return <CollectionCards collections={editable} />;
  if (!current) return <Alert color="orange">{t('app.editor.no-collection', { name: collection })}</Alert>;
  return id ? (
    <ItemEditor key={`${current.name}/${id}`} info={current} id={id} />
  ) : (
    <ItemList key={current.name} info={current} />
  );
}

function CollectionCards({ collections }: { collections: CollectionInfo[] }) {
  const t = useT();
  const words = useCollectionWords();
  const groups = [...new Set(collections.map((c) => c.ui.group))];
  const counts = useQuery(catalogueCheckQuery).data?.counts;
  return (
    <Stack gap="lg">
      <CatalogueCheck />
      {groups.map((group) => (
        <Stack key={group} gap="xs">
          <Title order={2} fz="lg">
            {words.group(group)}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            {collections
              .filter((c) => c.ui.group === group)
              .map((c) => (
                <AnchorLink
                  key={c.name}
                  to="/manage/models/{-$collection}/{-$id}"
                  params={{ collection: c.name, id: undefined }}
                  underline="never"
                  c="inherit"
                >
                  <Card withBorder radius="md" padding="md" h="100%">
                    <Text fw={600}>{words.label(c)}</Text>
                    {counts && (
                      <Text size="sm" c="dimmed" data-testid="collection-count">
                        {words.count(c, counts[c.name] ?? 0)}
                      </Text>
                    )}
                    {c.isCustom && (
                      <Badge size="xs" variant="light">
                        {t('app.editor.custom')}
                      </Badge>
                    )}
                  </Card>
                </AnchorLink>
              ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/** How a cell shows a value of a column, by the field's kind. */
function useCell() {
  const t = useT();
  // Amounts written for the reader, as every other page writes them (docs/numbers.md).
  const money = useMoney();
  const dates = useDates();
  return (spec: FieldSpec | undefined, value: unknown, names: Map<string, string>): string => {
    if (value === undefined || value === null || value === '') return '—';
    if (!spec) return String(value);
    if (spec.kind === 'money' && typeof value === 'number') return money(value);
    if (spec.kind === 'boolean') return value ? t('app.editor.yes') : t('app.editor.no');
    if (spec.kind === 'select') return spec.choiceLabels?.[String(value)] ?? String(value);
    if (spec.kind === 'reference') return names.get(String(value)) ?? '…';
    if (Array.isArray(value)) return `${value.length}`;
    if (spec.kind === 'datetime') return dates.date(String(value));
    return String(value);
  };
}

function ItemList({ info }: { info: CollectionInfo }) {
  const t = useT();
  const errorText = useErrorText();
  const words = useCollectionWords();
  const store = useMemo(() => createCollectionStore<CollectionItem>(info.name), [info.name]);
  const specs = useMemo(
    () => words.specs(info, fieldsOf(info.schema, { refs: info.refs, hints: info.ui.fields })),
    [info, words],
  );
  const labelOf = (path: string) => specs.find((s) => s.path === path)?.label ?? path;
  const columns = info.ui.columns.slice(0, 6);
  const refColumn = specs.find((s) => columns.includes(s.path) && s.kind === 'reference');
  const names = new Map((useCollectionChoices(refColumn?.collection).data ?? []).map((c) => [c.value, c.label]));
  const cell = useCell();
  const [search, setSearch] = useState('');
  // A list with a reference column (an option's category) can be narrowed to one of them.
  const [only, setOnly] = useState<string | null>(null);
  const query = useInfiniteQuery({
    queryKey: ['collection', info.name, 'pages'],
    queryFn: ({ pageParam, signal }) => store.listPage({ afterId: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextAfterId,
  });
  const all = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const term = search.trim().toLowerCase();
  const rows = all.filter(
    (item) =>
      (!term ||
        String(item[info.ui.titleField] ?? '')
          .toLowerCase()
          .includes(term)) &&
      (!only || !refColumn || item[refColumn.path] === only),
  );
  const isNarrowed = Boolean(term || only);
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => 52, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    // The next page as the end comes into view; while searching or narrowed, every page (they cover the whole collection).
    if (query.hasNextPage && !query.isFetchingNextPage && (isNarrowed || lastIndex >= rows.length - 5))
      void query.fetchNextPage();
  }, [query, lastIndex, rows.length, isNarrowed]);
  const grid = `minmax(160px, 2fr) repeat(${Math.max(columns.length - 1, 1)}, minmax(80px, 1fr))`;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <AnchorLink
            to="/manage/models/{-$collection}/{-$id}"
            params={{ collection: undefined, id: undefined }}
            size="sm"
          >
            {t('app.editor.all')}
          </AnchorLink>
          <Text size="sm" c="dimmed">
            / {words.label(info)}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          {refColumn && (
            <Select
              placeholder={t('app.editor.filter', { field: labelOf(refColumn.path).toLowerCase() })}
              aria-label={t('app.editor.filter', { field: labelOf(refColumn.path).toLowerCase() })}
              data={[...names].map(([value, label]) => ({ value, label }))}
              value={only}
              onChange={setOnly}
              clearable
              searchable
              w={{ base: '100%', xs: 200 }}
            />
          )}
          <TextInput
            placeholder={t('app.editor.search-by', { field: labelOf(info.ui.titleField).toLowerCase() })}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            aria-label={words.search(info)}
          />
          <LinkButton to="/manage/models/{-$collection}/{-$id}" params={{ collection: info.name, id: 'new' }}>
            {words.newItem(info)}
          </LinkButton>
        </Group>
      </Group>
      {query.isError && <Alert color="red">{errorText(query.error, 'app.editor.items-not-loaded')}</Alert>}
      {!query.data && !query.isError && <Skeleton h={240} />}
      {query.data && rows.length === 0 && (
        <Text c="dimmed">{isNarrowed ? t('app.editor.nothing-matches') : words.none(info)}</Text>
      )}
      {rows.length > 0 && (
        <div role="table" aria-label={words.label(info)} style={{ overflowX: 'auto' }}>
          <div
            role="row"
            style={{ display: 'grid', gridTemplateColumns: grid, gap: 12, padding: '0 12px 6px', minWidth: 520 }}
          >
            {columns.map((c) => (
              <Text key={c} role="columnheader" size="xs" fw={600} c="dimmed" tt="uppercase">
                {labelOf(c)}
              </Text>
            ))}
          </div>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: 520 }}>
            {items.map((v) => {
              const item = rows[v.index]!;
              return (
                <div
                  key={item._id}
                  role="row"
                  data-testid="model-row"
                  ref={virtualizer.measureElement}
                  data-index={v.index}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${v.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: grid,
                    gap: 12,
                    padding: '12px',
                    borderTop: '1px solid var(--mantine-color-gray-3)',
                  }}
                >
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <div key={c} role="cell">
                        <AnchorLink
                          to="/manage/models/{-$collection}/{-$id}"
                          params={{ collection: info.name, id: item._id }}
                          fw={600}
                        >
                          {cell(
                            specs.find((s) => s.path === c),
                            valueAt(item, c),
                            names,
                          )}
                        </AnchorLink>
                      </div>
                    ) : (
                      <Text key={c} role="cell" size="sm" truncate="end">
                        {cell(
                          specs.find((s) => s.path === c),
                          valueAt(item, c),
                          names,
                        )}
                      </Text>
                    ),
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </Stack>
  );
}

const SYSTEM = ['_id', '_version', 'createdAt', 'updatedAt'];

/** The project's languages as the form asks for a translatable field: the default first, then the others. */
function formLanguagesOf(options: { languages?: unknown; defaultLanguage?: unknown } | undefined) {
  const { languages, defaultLanguage } = projectLanguages(options);
  return { default: defaultLanguage, others: languages.filter((language) => language !== defaultLanguage) };
}
const fieldsOnly = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !SYSTEM.includes(k)));

function ItemEditor({ info, id }: { info: CollectionInfo; id: string }) {
  const isNew = id === 'new';
  const errorText = useErrorText();
  const words = useCollectionWords();
  const store = useMemo(() => createCollectionStore<CollectionItem>(info.name), [info.name]);
  const specs = useMemo(
    () => words.specs(info, fieldsOf(info.schema, { refs: info.refs, hints: info.ui.fields })),
    [info, words],
  );
  const loaded = useQuery({
    queryKey: ['collection', info.name, id],
    queryFn: ({ signal }) => store.get(id, { signal }),
    enabled: !isNew,
  });
  if (loaded.isError) return <Alert color="red">{errorText(loaded.error, 'app.editor.item-not-loaded')}</Alert>;
  if (!isNew && !loaded.data) return <Skeleton h={400} />;
  return <ItemForm info={info} specs={specs} store={store} item={loaded.data ?? null} />;
}

function ItemForm({
  info,
  specs,
  store,
  item,
}: {
  info: CollectionInfo;
  specs: FieldSpec[];
  store: ReturnType<typeof createCollectionStore<CollectionItem>>;
  item: CollectionItem | null;
}) {
  const t = useT();
  const errorText = useErrorText();
  const words = useCollectionWords();
  const { data: project } = useProject();
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [base, setBase] = useState<CollectionItem | null>(item);
  // What the person types, saved against the version last read; a 409 shows the current version and keeps theirs aside.
  const draft = useVersionedDraft<Record<string, unknown>>(item ? fieldsOnly(item) : {}, item?._version);
  const value = draft.values;
  const setValue = (next: Record<string, unknown>) => draft.set(() => next);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ color: string; text: string; detail?: string[] } | null>(null);
  const [isSaving, setSaving] = useState(false);
  const formLanguages = formLanguagesOf(project?.options);
  const title = String((base && base[info.ui.titleField]) ?? '') || words.newItem(info);
  const isDirty = draft.isDirty;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['collection', info.name] }),
      queryClient.invalidateQueries({ queryKey: catalogueCheckQuery.queryKey }),
    ]);
  const save = async () => {
    const problems = problemsOf(specs, value, t);
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length) {
      // Said beside the button pressed, naming the fields; the first of them is brought into view.
      const labels = Object.keys(problems).map((path) => specs.find((spec) => spec.path === path)?.label ?? path);
      setMessage({ color: 'red', text: t('app.editor.not-saved', { fields: formatList(labels, locale) }) });
      document
        .querySelector(`[data-field="${CSS.escape(Object.keys(problems)[0]!)}"]`)
        ?.scrollIntoView({ block: 'center' });
      return;
    }
    setSaving(true);
    try {
      const target = base;
      const saved = target
        ? await store.update({ _id: target._id, _version: draft.version ?? target._version }, value)
        : await store.create(value);
      setBase(saved);
      draft.settle(fieldsOnly(saved), saved._version);
      setMessage({ color: 'green', text: t('app.editor.saved') });
      await refresh();
      await queryClient.invalidateQueries({ queryKey: ['choices', info.name] });
      if (!target)
        void navigate({
          to: '/manage/models/{-$collection}/{-$id}',
          params: { collection: info.name, id: saved._id },
          replace: true,
        });
    } catch (caught) {
      const current = currentOfConflict<CollectionItem>(caught);
      if (current) {
        // The form and the list behind it show the current version; what the person changed waits to be put back.
        setBase(current);
        draft.takeCurrent(fieldsOnly(current), current._version);
        await refresh();
      } else if (caught instanceof ApiError) {
        const issues =
          (caught.details as { issues?: Array<{ field: string; message: string }> } | undefined)?.issues ?? [];
        setErrors(Object.fromEntries(issues.map((i) => [i.field.replace(/^body\./, ''), i.message])));
        setMessage({ color: 'red', text: errorText(caught, 'app.editor.save-failed') });
      } else {
        setMessage({ color: 'red', text: t('app.editor.save-failed') });
      }
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!base) return;
    setMessage(null);
    try {
      await store.remove(base);
      await refresh();
      void navigate({ to: '/manage/models/{-$collection}/{-$id}', params: { collection: info.name, id: undefined } });
    } catch (caught) {
      const referrers =
        (caught instanceof ApiError
          ? (caught.details as { referrers?: Array<{ collection: string; _id: string }> } | undefined)?.referrers
          : undefined) ?? [];
      setMessage({
        color: 'orange',
        text: errorText(caught, 'app.editor.delete-failed'),
        detail: referrers.map((r) => `${r.collection} ${r._id}`),
      });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md" maw={860}>
        <Group gap="xs">
          <AnchorLink
            to="/manage/models/{-$collection}/{-$id}"
            params={{ collection: info.name, id: undefined }}
            size="sm"
          >
            ← {words.label(info)}
          </AnchorLink>
        </Group>
        <Title order={2} fz="xl">
          {title}
        </Title>
        {draft.keptAside && (
          <ConflictNotice
            fields={draft.keptAside.map((path) => labelOf(specs, String(path)))}
            onReapply={draft.reapply}
          />
        )}
        {info.name === 'options' && base && <OptionAside optionId={base._id} price={value.price} />}
        {info.name === 'packages' && <PackagePanel value={value} />}
        <Card withBorder radius="md" padding="lg">
          <SchemaForm
            fields={specs}
            value={value}
            onChange={setValue}
            errors={errors}
            currency={project?.currency ?? 'CAD'}
            languages={formLanguages}
          />
        </Card>
        <StickyActions>
          <Button type="submit" loading={isSaving} disabled={!isDirty && !!base}>
            {base ? t('app.editor.save') : words.create(info)}
          </Button>
          {base && (
            <TwoClickDelete variant="light" color="red" onConfirm={() => void remove()}>
              {t('app.editor.delete')}
            </TwoClickDelete>
          )}
          {message && (
            <Alert color={message.color} data-testid="edit-message" py={6} style={{ flex: '1 1 260px' }} role="status">
              {message.text}
              {message.detail?.length ? <Text size="xs">{message.detail.join(' · ')}</Text> : null}
            </Alert>
          )}
        </StickyActions>
      </Stack>
    </form>
  );
}

/** A field's label, or the first label under it (a field's translations are labelled by language). */
const labelOf = (specs: FieldSpec[], path: string) =>
  (specs.find((spec) => spec.path === path) ?? specs.find((spec) => spec.path.startsWith(`${path}.`)))?.label ?? path;

/** Beside an option's form: its rules both ways and what it costs the builder. */
function OptionAside({ optionId, price }: { optionId: string; price: unknown }) {
  return (
    <>
      <RuleLinks optionId={optionId} />
      <OptionCost optionId={optionId} price={price} />
    </>
  );
}

/** An option's rules both ways: what it needs and excludes, and which options need or exclude it. */
function RuleLinks({ optionId }: { optionId: string }) {
  const t = useT();
  const all = useQuery(allItemsQuery('options', 5_000));
  if (!all.data) return null;
  const byId = new Map(all.data.map((o) => [o._id, o]));
  const self = byId.get(optionId);
  const ids = (o: CollectionItem | undefined, field: string) =>
    Array.isArray(o?.[field]) ? (o![field] as string[]) : [];
  const rows: Array<[string, string[]]> = [
    [t('app.editor.needs'), ids(self, 'requires')],
    [t('app.editor.needed-by'), all.data.filter((o) => ids(o, 'requires').includes(optionId)).map((o) => o._id)],
    [
      t('app.editor.excludes'),
      [
        ...new Set([
          ...ids(self, 'excludes'),
          ...all.data.filter((o) => ids(o, 'excludes').includes(optionId)).map((o) => o._id),
        ]),
      ],
    ],
  ];
  return (
    <Card withBorder radius="md" padding="md" data-testid="rule-links">
      <Text fw={600} mb={4}>
        {t('app.editor.rules')}
      </Text>
      {rows.map(([label, list]) => (
        <Group key={label} gap={6} align="baseline">
          <Text size="sm" c="dimmed" w={190}>
            {label}
          </Text>
          {list.length === 0 ? (
            <Text size="sm">—</Text>
          ) : (
            list.map((id) => (
              <AnchorLink
                key={id}
                size="sm"
                to="/manage/models/{-$collection}/{-$id}"
                params={{ collection: 'options', id }}
              >
                {String(byId.get(id)?.name ?? t('app.editor.gone-option'))}
              </AnchorLink>
            ))
          )}
        </Group>
      ))}
    </Card>
  );
}
