import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Button, Card, Checkbox, FileButton, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  guessMapping,
  IMPORT_DEFINITIONS,
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
import { useProject } from '../../../lib/project.ts';
import type { CsvSummary } from '../workers/csv-file-commands.ts';

/** The biggest file the server takes (docs/imports.md). */
const MAX_FILE_BYTES = 30 * 1024 * 1024;
const NOT_IMPORTED = '';
const ACTION_LABEL = { create: 'New', update: 'Changed', unchanged: 'Unchanged' } as const;
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
  const definition = IMPORT_DEFINITIONS[kind];

  const restart = () => {
    setResult(null);
    setApplied(null);
    setError(null);
  };

  const chooseKind = (next: ImportKind) => {
    setKind(next);
    restart();
    if (file) setMapping(guessMapping(next, file.summary.headers, remembered.data?.[next]));
  };

  const chooseFile = async (chosen: File | null) => {
    if (!chosen) return;
    restart();
    if (chosen.size > MAX_FILE_BYTES) return setError('This file is larger than 30 MB: split it into several files.');
    setBusy('reading');
    try {
      const summary = await csv<CsvSummary>({ type: 'load', file: chosen });
      if (!summary.headers.length) throw new Error('This file is empty.');
      // A corrected file keeps the columns chosen for the previous one where its headings are the same.
      setMapping((current) =>
        guessMapping(kind, summary.headers, { ...remembered.data?.[kind], ...Object.fromEntries(Object.entries(current).filter(([, h]) => h)) }),
      );
      setFile({ name: chosen.name, summary });
    } catch (caught) {
      setFile(null);
      setError(caught instanceof Error ? caught.message : 'The file could not be read.');
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
      setError(caught instanceof ApiError ? caught.message : 'The server could not be reached. Please try again.');
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
            1. What the file holds
          </Title>
          <Group align="end" gap="sm" wrap="wrap">
            <Select
              label="Import"
              data={IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_DEFINITIONS[k].label }))}
              value={kind}
              onChange={(v) => v && chooseKind(v as ImportKind)}
              allowDeselect={false}
              w={240}
            />
            <ExportButton kind={kind} />
          </Group>
          <Text size="sm" c="dimmed">
            {KIND_HELP[kind]} The export has the same columns: download it as a template, or change it and import it back.
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
              4. Check and import
            </Title>
            <Text size="sm" c="dimmed">
              The check reads every row against the project and changes nothing. The import writes every row or, if one is refused, none.
            </Text>
            {!keyMapped && (
              <Alert color="yellow">
                Choose the column for {kind === 'options' ? 'SKU or Name' : definition.columns.find((c) => c.field === definition.key)!.header}: it finds the
                item each row changes.
              </Alert>
            )}
            <Group gap="sm">
              <Button
                variant={canImport ? 'default' : 'filled'}
                onClick={() => void submitFile(false)}
                loading={busy === 'checking'}
                disabled={!keyMapped || busy !== null}
              >
                {result ? 'Check again' : 'Check the file (dry run)'}
              </Button>
            </Group>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {result && <Outcome result={result} kind={kind} isStale={isStale} applied={applied} />}
            {result && problems.length > 0 && <Problems problems={problems} more={result.moreProblems} csv={csv} onEdited={() => setStale(true)} />}
            {result && !applied && result.sample.length > 0 && <Sample result={result} kind={kind} />}
            {canImport && <ImportButton kind={kind} result={result} send={send} onSend={setSend} busy={busy} onImport={() => void submitFile(true)} />}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

const KIND_HELP: Record<ImportKind, string> = {
  units: 'One row per unit: its name, floor, plan, deadline, price and its buyers’ e-mail addresses (each new address gets an invitation to the unit).',
  options: 'One row per option: its SKU, name, category, price, vendor, the rooms and plans it is offered for, and its rules by SKU.',
  categories: 'One row per category: its name, rooms, whether a choice is required, the allowance and the 3D surface it paints.',
  rooms: 'One row per room: its name, order and plans.',
  plans: 'One row per plan: its name, bedrooms, bathrooms, area and rooms.',
};

function ExportButton({ kind }: { kind: ImportKind }) {
  const { download, isDownloading, error } = useDownload('The export could not be made.');
  return (
    <Stack gap={4}>
      <Button variant="default" onClick={() => void download(`/api/manage/exports/${kind}.csv`)} loading={isDownloading}>
        Export {IMPORT_DEFINITIONS[kind].label.toLowerCase()} (CSV)
      </Button>
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function FileCard({ file, busy, onChoose }: { file: ChosenFile | null; busy: boolean; onChoose: (file: File | null) => void }) {
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
          2. The file
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
                {file ? 'Choose another file' : 'Choose a CSV file'}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            or drop it here. Comma, semicolon or tab separated, UTF-8, up to 20,000 rows.
          </Text>
        </Group>
        {file && (
          <Text data-testid="chosen-file">
            <b>{file.name}</b> · {file.summary.rows.toLocaleString()} {file.summary.rows === 1 ? 'row' : 'rows'} · {file.summary.headers.length} columns
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Outcome({ result, kind, isStale, applied }: { result: ImportResult; kind: ImportKind; isStale: boolean; applied: ImportRecord | null }) {
  const { counts } = result;
  const noun = IMPORT_DEFINITIONS[kind].label.toLowerCase();
  const parts = [
    `${counts.created} new`,
    `${counts.updated} changed`,
    `${counts.unchanged} unchanged`,
    ...(kind === 'units' ? [`${counts.invited} ${counts.invited === 1 ? 'invitation' : 'invitations'}`] : []),
  ];
  const problemCount = result.problems.length + result.moreProblems;
  if (applied) {
    return (
      <Alert color="green" title="Imported" role="status" data-testid="import-outcome">
        {counts.rows} rows of {noun}: {parts.join(', ')}. The import is in the history below with its file.
      </Alert>
    );
  }
  return (
    <Alert
      color={problemCount ? 'red' : isStale ? 'yellow' : 'blue'}
      title={problemCount ? `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'} to fix` : 'Ready to import'}
      role="status"
      data-testid="import-outcome"
    >
      {isStale
        ? 'The columns or cells changed since this check: check again before importing.'
        : problemCount
          ? `Nothing can be imported until every problem is fixed: correct a cell here or in your spreadsheet (then choose the file again), and check again. Without them, the file has ${counts.rows} rows of ${noun}: ${parts.join(', ')}.`
          : `The file has ${counts.rows} rows of ${noun}: ${parts.join(', ')}. Nothing has been written yet.`}
    </Alert>
  );
}

/** Every problem by row, with the cell it is about open for correction. */
function Problems({ problems, more, csv, onEdited }: { problems: ImportProblem[]; more: number; csv: ReturnType<typeof useCsvFile>; onEdited: () => void }) {
  const [values, setValues] = useState<string[] | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');
  useEffect(() => {
    let isCurrent = true;
    void csv<string[]>({ type: 'cells', cells: problems.map((p) => ({ row: p.row, header: p.column ?? '' })) }).then((cells) => isCurrent && setValues(cells));
    return () => {
      isCurrent = false;
    };
  }, [csv, problems]);
  const edit = async (index: number, value: string) => {
    const problem = problems[index]!;
    setValues((current) => current && current.map((v, i) => (problems[i]!.row === problem.row && problems[i]!.column === problem.column ? value : v)));
    await csv({ type: 'edit', row: problem.row, header: problem.column!, value });
    onEdited();
  };
  const cellEditor = (problem: ImportProblem, index: number) =>
    problem.column && values ? (
      <TextInput
        size="xs"
        aria-label={`Row ${problem.row}, ${problem.column}`}
        value={values[index] ?? ''}
        onChange={(e) => void edit(index, e.currentTarget.value)}
      />
    ) : null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Problems
      </Title>
      {isPhone ? (
        <Stack gap="xs">
          {problems.map((problem, index) => (
            <Card key={`${problem.row}-${problem.column}-${index}`} withBorder padding="sm" radius="sm" data-row={problem.row}>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  Row {problem.row}
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
          <Table striped withTableBorder verticalSpacing="xs" aria-label="Problems by row">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Row</Table.Th>
                <Table.Th w={140}>Column</Table.Th>
                <Table.Th>Problem</Table.Th>
                <Table.Th w={220}>Cell</Table.Th>
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
          And {more} more: fix these and check again to see them.
        </Text>
      )}
    </Stack>
  );
}

/** The first rows as they will be written, so a wrong column shows before anything is imported. */
function Sample({ result, kind }: { result: ImportResult; kind: ImportKind }) {
  const headers = [...new Set(result.sample.flatMap((s) => Object.keys(s.fields)))];
  const money = useMoney();
  const date = useDateFormat();
  const { data: project } = useProject();
  // Dates and amounts in the project's own way of writing them; everything else as the file has it.
  const shown = (header: string, value: string | undefined) => {
    const column = IMPORT_DEFINITIONS[kind].columns.find((c) => c.header === header);
    if (!value || !column) return value ?? '';
    if (column.type === 'date') return date(value, true);
    if (column.type === 'money' && project) {
      const reading = readMoney(value, { currency: project.currency, locale: project.options.locale });
      return reading.ok ? money(reading.value) : value;
    }
    return value;
  };
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        The first rows as they will be written
      </Title>
      <Table.ScrollContainer minWidth={Math.max(480, headers.length * 130)}>
        <Table withTableBorder verticalSpacing="xs" aria-label="The first rows as they will be written">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>What happens</Table.Th>
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
                    {ACTION_LABEL[row.action]}
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
  const definition = IMPORT_DEFINITIONS[kind];
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          3. Columns
        </Title>
        <Text size="sm" c="dimmed">
          Which column of the file fills each field. Blank cells keep what an existing item has; the choice is remembered for the next{' '}
          {definition.label.toLowerCase()} file.
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
                label={`${column.header}${isKey ? ' (finds the item)' : column.requiredForNew ? ' (needed for new items)' : ''}`}
                description={examples.length ? `e.g. ${examples.join(' · ')}` : column.help}
                data={[{ value: NOT_IMPORTED, label: '— Not imported —' }, ...file.summary.headers.filter(Boolean).map((h) => ({ value: h, label: h }))]}
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
  const { counts } = result;
  return (
    <Stack gap="xs">
      {kind === 'units' && counts.invited > 0 && (
        <Checkbox label={`E-mail the ${counts.invited} new buyers their invitation now`} checked={send} onChange={(e) => onSend(e.currentTarget.checked)} />
      )}
      <Group>
        <Button onClick={onImport} loading={busy === 'importing'} disabled={busy !== null || counts.created + counts.updated + counts.invited === 0}>
          Import {counts.rows} {counts.rows === 1 ? 'row' : 'rows'}
        </Button>
      </Group>
    </Stack>
  );
}
