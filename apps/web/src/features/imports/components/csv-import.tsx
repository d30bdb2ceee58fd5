import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatList,
  guessMapping,
  importDefinition,
  projectLanguages,
  type ImportKindDefinition,
  IMPORT_KINDS,
  type ImportKind,
  type ImportMapping,
  type ImportProblem,
  type ImportRecord,
  type ImportResult,
  readMoney,
} from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { importMappingsQuery } from '../api/get-imports.ts';
import { useCsvFile } from '../hooks/use-csv-file.ts';
import { useDateFormat, useMoney } from '../../../lib/use-money.ts';
import { useProject, useProjectAsWritten } from '../../../lib/project.ts';
import type { CsvSummary } from '../workers/csv-file-commands.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

/** The biggest file the server takes (docs/imports.md). */
const MAX_FILE_BYTES = 30 * 1024 * 1024;
const NOT_IMPORTED = '';
const ACTION_LABEL = {
  create: 'app.import.action.create',
  update: 'app.import.action.update',
  unchanged: 'app.import.action.unchanged',
} as const;
const ACTION_COLOR = { create: 'green.9', update: 'blue.9', unchanged: 'gray.7' } as const;

interface ChosenFile {
  name: string;
  summary: CsvSummary;
}

/**
 * `/manage/imported`: a CSV file of units and buyers, options, categories, rooms or plans,
 * from the choice of its columns to a dry run that lists every problem by row, corrections
 * made in place, and the import in one go (docs/imports.md).
 */
export function CsvImport() {
  const t = useT();
  const errorText = useErrorText();
  const csv = useCsvFile();
  const queryClient = useQueryClient();
  const remembered = useQuery(importMappingsQuery);
  const [kind, setKind] = useState<ImportKind>('units');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  /** The dry run no longer describes the file (a column or a cell changed since). */
  const [isStale, setStale] = useState(false);
  const [applied, setApplied] = useState<ImportRecord | null>(null);
  const [send, setSend] = useState(true);
  const [busy, setBusy] = useState<'reading' | 'checking' | 'importing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const definitionOf = useDefinitions();
  const definition = definitionOf(kind);

  const restart = () => {
    setResult(null);
    setApplied(null);
    setError(null);
  };

  const chooseKind = (next: ImportKind) => {
    setKind(next);
    restart();
    if (file) setMapping(guessMapping(definitionOf(next), file.summary.headers, remembered.data?.[next]));
  };

  const chooseFile = async (chosen: File | null) => {
    if (!chosen) return;
    restart();
    if (chosen.size > MAX_FILE_BYTES) return setError(t('app.import.too-large'));
    setBusy('reading');
    try {
      const summary = await csv<CsvSummary>({ type: 'load', file: chosen });
      if (!summary.headers.length) throw new Error(t('app.import.empty'));
      // A corrected file keeps the columns chosen for the previous one where its headings are the same.
      setMapping((current) =>
        guessMapping(definition, summary.headers, {
          ...remembered.data?.[kind],
          ...Object.fromEntries(Object.entries(current).filter(([, h]) => h)),
        }),
      );
      setFile({ name: chosen.name, summary });
    } catch (caught) {
      setFile(null);
      setError(caught instanceof Error ? caught.message : t('app.import.unreadable'));
    } finally {
      setBusy(null);
    }
  };

  const submitFile = async (apply: boolean) => {
    if (!file) return;
    setBusy(apply ? 'importing' : 'checking');
    setError(null);
    try {
      const { text } = await csv<{ text: string }>({ type: 'text' });
      const answer = await api<ImportResult>('/api/manage/imports', {
        method: 'POST',
        body: { kind, fileName: file.name, content: text, mapping, apply, send: kind === 'units' && send },
      });
      setResult(answer);
      setStale(false);
      if (answer.record) {
        setApplied(answer.record);
        // Every list of the project may have changed: units, the catalogue, the dashboard, the history.
        await queryClient.invalidateQueries();
      }
    } catch (caught) {
      const details = caught instanceof ApiError ? (caught.details as Partial<ImportResult> | undefined) : undefined;
      if (details?.problems) {
        setResult(details as ImportResult);
        setStale(false);
      }
      setError(errorText(caught, 'app.import.unreachable'));
    } finally {
      setBusy(null);
    }
  };

  const keyMapped = kind === 'options' ? !!(mapping.sku || mapping.name) : !!mapping[definition.key];
  const problems = result?.problems ?? [];
  const canImport = !!result && !isStale && problems.length === 0 && !applied;

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('app.import.step1')}
          </Title>
          <Group align="end" gap="sm" wrap="wrap">
            <Select
              label={t('app.import.kind')}
              data={IMPORT_KINDS.map((k) => ({ value: k, label: t(`app.import.kind.${k}`) }))}
              value={kind}
              onChange={(v) => v && chooseKind(v as ImportKind)}
              allowDeselect={false}
              w={240}
            />
            <ExportButton kind={kind} />
          </Group>
          <Text size="sm" c="dimmed">
            {t(`app.import.help.${kind}`)} {t('app.import.export-help')}
          </Text>
        </Stack>
      </Card>

      <FileCard file={file} busy={busy === 'reading'} onChoose={(f) => void chooseFile(f)} />

      {file && (
        <ColumnsCard
          kind={kind}
          file={file}
          mapping={mapping}
          onMap={(field, header) => {
            setMapping((current) => ({ ...current, [field]: header }));
            setStale(true);
          }}
        />
      )}

      {file && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('app.import.step4')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('app.import.check-help')}
            </Text>
            {!keyMapped && <KeyColumnNotice kind={kind} />}
            <Group gap="sm">
              <Button
                variant={canImport ? 'default' : 'filled'}
                onClick={() => void submitFile(false)}
                loading={busy === 'checking'}
                disabled={!keyMapped || busy !== null}
              >
                {result ? t('app.import.check-again') : t('app.import.check')}
              </Button>
            </Group>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {result && <Outcome result={result} kind={kind} isStale={isStale} applied={applied} />}
            {result && problems.length > 0 && (
              <Problems problems={problems} more={result.moreProblems} csv={csv} onEdited={() => setStale(true)} />
            )}
            {result && !applied && result.sample.length > 0 && <Sample result={result} kind={kind} />}
            {canImport && (
              <ImportButton
                kind={kind}
                result={result}
                send={send}
                onSend={setSend}
                busy={busy}
                onImport={() => void submitFile(true)}
              />
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** A kind's columns for this project, in the reader's words: a translatable one once per other language of the project (docs/imports.md). */
function useDefinitions(): (kind: ImportKind) => ImportKindDefinition {
  const t = useT();
  const { data: project } = useProjectAsWritten();
  const languages = project ? projectLanguages(project.options) : undefined;
  // Headings and help in the manager's language; a file with English headings still maps.
  return (kind) => importDefinition(kind, languages, t);
}

/** Which column a file needs before it can be checked: the one that finds the item each row changes. */
function KeyColumnNotice({ kind }: { kind: ImportKind }) {
  const t = useT();
  const definition = useDefinitions()(kind);
  const column =
    kind === 'options'
      ? t('app.import.sku-or-name')
      : definition.columns.find((c) => c.field === definition.key)!.header;
  return <Alert color="yellow">{t('app.import.choose-key', { column })}</Alert>;
}

function ExportButton({ kind }: { kind: ImportKind }) {
  const t = useT();
  const { download, isDownloading, error } = useDownload(t('app.import.export-failed'));
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        onClick={() => void download(`/api/manage/exports/${kind}.csv`)}
        loading={isDownloading}
      >
        {t('app.import.export', { kind: t(`app.import.kind.${kind}`).toLowerCase() })}
      </Button>
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function FileCard({
  file,
  busy,
  onChoose,
}: {
  file: ChosenFile | null;
  busy: boolean;
  onChoose: (file: File | null) => void;
}) {
  const t = useT();
  const [isOver, setOver] = useState(false);
  const reset = useRef<() => void>(null);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onChoose(event.dataTransfer.files[0] ?? null);
  };
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={isOver ? { outline: '2px dashed var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('app.import.step2')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <FileButton
            resetRef={reset}
            accept=".csv,text/csv,text/plain,.txt"
            onChange={(f) => {
              onChoose(f);
              // The same file chosen again (after correcting it) is read again.
              reset.current?.();
            }}
          >
            {(props) => (
              <Button {...props} loading={busy} variant={file ? 'default' : 'filled'}>
                {file ? t('app.import.choose-another') : t('app.import.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('app.import.drop')}
          </Text>
        </Group>
        {file && (
          <Text data-testid="chosen-file">
            <b>{file.name}</b> · {t('app.import.rows', { count: file.summary.rows })} ·{' '}
            {t('app.import.columns', { count: file.summary.headers.length })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Outcome({
  result,
  kind,
  isStale,
  applied,
}: {
  result: ImportResult;
  kind: ImportKind;
  isStale: boolean;
  applied: ImportRecord | null;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const { counts } = result;
  const noun = t(`app.import.kind.${kind}`).toLowerCase();
  const parts = formatList(
    [
      t('app.import.count.created', { count: counts.created }),
      t('app.import.count.updated', { count: counts.updated }),
      t('app.import.count.unchanged', { count: counts.unchanged }),
      ...(kind === 'units' ? [t('app.import.count.invited', { count: counts.invited })] : []),
    ],
    locale,
    'unit',
  );
  const problemCount = result.problems.length + result.moreProblems;
  if (applied) {
    return (
      <Alert color="green" title={t('app.import.imported')} role="status" data-testid="import-outcome">
        {t('app.import.imported-text', { count: counts.rows, kind: noun, parts })}
      </Alert>
    );
  }
  return (
    <Alert
      color={problemCount ? 'red' : isStale ? 'yellow' : 'blue'}
      title={problemCount ? t('app.import.problems-to-fix', { count: problemCount }) : t('app.import.ready')}
      role="status"
      data-testid="import-outcome"
    >
      {isStale
        ? t('app.import.stale')
        : problemCount
          ? t('app.import.blocked', { count: counts.rows, kind: noun, parts })
          : t('app.import.will-write', { count: counts.rows, kind: noun, parts })}
    </Alert>
  );
}

/** Every problem by row, with the cell it is about open for correction. */
function Problems({
  problems,
  more,
  csv,
  onEdited,
}: {
  problems: ImportProblem[];
  more: number;
  csv: ReturnType<typeof useCsvFile>;
  onEdited: () => void;
}) {
  const t = useT();
  const [values, setValues] = useState<string[] | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');
  useEffect(() => {
    let isCurrent = true;
    void csv<string[]>({ type: 'cells', cells: problems.map((p) => ({ row: p.row, header: p.column ?? '' })) }).then(
      (cells) => isCurrent && setValues(cells),
    );
    return () => {
      isCurrent = false;
    };
  }, [csv, problems]);
  const edit = async (index: number, value: string) => {
    const problem = problems[index]!;
    setValues(
      (current) =>
        current &&
        current.map((v, i) => (problems[i]!.row === problem.row && problems[i]!.column === problem.column ? value : v)),
    );
    await csv({ type: 'edit', row: problem.row, header: problem.column!, value });
    onEdited();
  };
  const cellEditor = (problem: ImportProblem, index: number) =>
    problem.column && values ? (
      <TextInput
        size="xs"
        aria-label={t('app.import.cell', { row: problem.row, column: problem.column })}
        value={values[index] ?? ''}
        onChange={(e) => void edit(index, e.currentTarget.value)}
      />
    ) : null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('app.import.problems')}
      </Title>
      {isPhone ? (
        <Stack gap="xs">
          {problems.map((problem, index) => (
            <Card
              key={`${problem.row}-${problem.column}-${index}`}
              withBorder
              padding="sm"
              radius="sm"
              data-row={problem.row}
            >
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('app.import.row', { row: problem.row })}
                  {problem.column ? ` · ${problem.column}` : ''}
                </Text>
                <Text size="sm">{problem.message}</Text>
                {cellEditor(problem, index)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560} mah={480}>
          <Table striped withTableBorder verticalSpacing="xs" aria-label={t('app.import.problems-label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t('app.import.th-row')}</Table.Th>
                <Table.Th w={140}>{t('app.import.th-column')}</Table.Th>
                <Table.Th>{t('app.import.th-problem')}</Table.Th>
                <Table.Th w={220}>{t('app.import.th-cell')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {problems.map((problem, index) => (
                <Table.Tr key={`${problem.row}-${problem.column}-${index}`} data-row={problem.row}>
                  <Table.Td>{problem.row}</Table.Td>
                  <Table.Td>{problem.column ?? '—'}</Table.Td>
                  <Table.Td>{problem.message}</Table.Td>
                  <Table.Td>{cellEditor(problem, index)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {more > 0 && (
        <Text size="sm" c="dimmed">
          {t('app.import.more', { count: more })}
        </Text>
      )}
    </Stack>
  );
}

/** The first rows as they will be written, so a wrong column shows before anything is imported. */
function Sample({ result, kind }: { result: ImportResult; kind: ImportKind }) {
  const t = useT();
  const headers = [...new Set(result.sample.flatMap((s) => Object.keys(s.fields)))];
  const { locale } = useLanguage();
  const money = useMoney();
  const date = useDateFormat();
  const { data: project } = useProject();
  const definition = useDefinitions()(kind);
  // Dates and amounts in the project's own way of writing them; everything else as the file has it.
  const shown = (header: string, value: string | undefined) => {
    const column = definition.columns.find((c) => c.header === header);
    if (!value || !column) return value ?? '';
    if (column.type === 'date') return date(value, true);
    if (column.type === 'money' && project) {
      // The file is read in its manager's format, as the server read it.
      const reading = readMoney(value, { currency: project.currency, locale });
      return reading.ok ? money(reading.value) : value;
    }
    return value;
  };
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('app.import.sample')}
      </Title>
      <Table.ScrollContainer minWidth={Math.max(480, headers.length * 130)}>
        <Table withTableBorder verticalSpacing="xs" aria-label={t('app.import.sample')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('app.import.th-row')}</Table.Th>
              <Table.Th>{t('app.import.th-what')}</Table.Th>
              {headers.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.sample.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Text span size="sm" fw={600} c={ACTION_COLOR[row.action]}>
                    {t(ACTION_LABEL[row.action])}
                  </Text>
                </Table.Td>
                {headers.map((h) => (
                  <Table.Td key={h}>{shown(h, row.fields[h])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Which column of the file fills each field, with examples from the file. */
function ColumnsCard({
  kind,
  file,
  mapping,
  onMap,
}: {
  kind: ImportKind;
  file: { summary: CsvSummary };
  mapping: ImportMapping;
  onMap: (field: string, header: string | null) => void;
}) {
  const t = useT();
  const definition = useDefinitions()(kind);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('app.import.step3')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('app.import.columns-help', { kind: t(`app.import.kind.${kind}`).toLowerCase() })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {definition.columns.map((column) => {
            const index = mapping[column.field] ? file.summary.headers.indexOf(mapping[column.field]!) : -1;
            const examples =
              index < 0
                ? []
                : file.summary.preview
                    .map((row) => row[index] ?? '')
                    .filter(Boolean)
                    .slice(0, 3)
                    // A long cell (a description, an address) is shortened: the examples stay inside their card.
                    .map((cell) => (cell.length > 40 ? `${cell.slice(0, 39)}…` : cell));
            const isKey = column.field === definition.key;
            return (
              <Select
                key={column.field}
                label={
                  isKey
                    ? t('app.import.key-column', { column: column.header })
                    : column.requiredForNew
                      ? t('app.import.needed-column', { column: column.header })
                      : column.header
                }
                description={
                  examples.length ? t('app.import.examples', { examples: examples.join(' · ') }) : column.help
                }
                data={[
                  { value: NOT_IMPORTED, label: t('app.import.not-imported') },
                  ...file.summary.headers.filter(Boolean).map((h) => ({ value: h, label: h })),
                ]}
                value={mapping[column.field] ?? NOT_IMPORTED}
                onChange={(value) => onMap(column.field, value || null)}
                allowDeselect={false}
                styles={{ description: { overflowWrap: 'anywhere' } }}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The import itself, once the dry run found nothing wrong: whether to mail the invitations, and the button. */
function ImportButton({
  kind,
  result,
  send,
  onSend,
  busy,
  onImport,
}: {
  kind: ImportKind;
  result: ImportResult;
  send: boolean;
  onSend: (send: boolean) => void;
  busy: string | null;
  onImport: () => void;
}) {
  const t = useT();
  const { counts } = result;
  return (
    <Stack gap="xs">
      {kind === 'units' && counts.invited > 0 && (
        <Checkbox
          label={t('app.import.send', { count: counts.invited })}
          checked={send}
          onChange={(e) => onSend(e.currentTarget.checked)}
        />
      )}
      <Group>
        <Button
          onClick={onImport}
          loading={busy === 'importing'}
          disabled={busy !== null || counts.created + counts.updated + counts.invited === 0}
        >
          {t('app.import.import-rows', { count: counts.rows })}
        </Button>
      </Group>
    </Stack>
  );
}
