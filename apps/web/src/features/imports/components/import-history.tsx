import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { IMPORT_DEFINITIONS, type ImportRecord } from '@decor/core';
import { ApiError } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { importHistoryQuery } from '../api/get-imports.ts';
import { useDateFormat } from '../../../lib/use-money.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';

/** The imports applied to the project: when, by whom, what, the counts and the file (docs/imports.md). */
export function ImportHistory() {
  const history = useInfiniteQuery(importHistoryQuery);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Imports so far
        </Title>
        {history.isError && <Alert color="red">{history.error instanceof ApiError ? history.error.message : 'The history could not be loaded.'}</Alert>}
        {history.isPending && <Skeleton h={80} />}
        {history.isSuccess && items.length === 0 && <Text c="dimmed">No file has been imported into this project yet.</Text>}
        {items.length > 0 && (isPhone ? <HistoryCards items={items} /> : <HistoryTable items={items} />)}
        {history.hasNextPage && (
          <Group>
            <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              Show older imports
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

const countsOf = (record: ImportRecord) =>
  [
    `${record.counts.created} new`,
    `${record.counts.updated} changed`,
    `${record.counts.unchanged} unchanged`,
    ...(record.kind === 'units' ? [`${record.counts.invited} invited`] : []),
  ].join(' · ');

function FileLink({ record }: { record: ImportRecord }) {
  const { download, error } = useDownload('The file could not be downloaded.');
  if (!record.fileUrl) return <Text span>{record.fileName}</Text>;
  return (
    <>
      <Anchor component="button" type="button" onClick={() => void download(record.fileUrl!)} ta="left">
        {record.fileName}
      </Anchor>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </>
  );
}

function HistoryTable({ items }: { items: ImportRecord[] }) {
  const date = useDateFormat();
  return (
    <DataTable
      minWidth={720}
      columns={[{ label: 'When' }, { label: 'What' }, { label: 'File' }, { label: 'Rows' }, { label: 'Result' }, { label: 'By' }]}
      label="Imports so far"
    >
      {items.map((record) => (
        <Table.Tr key={record._id} data-testid="import-entry">
          <Table.Td>{date(record.at, true)}</Table.Td>
          <Table.Td>{IMPORT_DEFINITIONS[record.kind].label}</Table.Td>
          <Table.Td>
            <FileLink record={record} />
          </Table.Td>
          <Table.Td>{record.counts.rows.toLocaleString()}</Table.Td>
          <Table.Td>{countsOf(record)}</Table.Td>
          <Table.Td>{record.byName ?? 'A former member'}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function HistoryCards({ items }: { items: ImportRecord[] }) {
  const date = useDateFormat();
  return (
    <Stack gap="xs">
      {items.map((record) => (
        <Card key={record._id} withBorder padding="sm" radius="sm" data-testid="import-entry">
          <Stack gap={2}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {IMPORT_DEFINITIONS[record.kind].label}
              </Text>
              <Text size="sm" c="dimmed">
                {date(record.at, true)}
              </Text>
            </Group>
            <FileLink record={record} />
            <Text size="sm">
              {record.counts.rows.toLocaleString()} rows: {countsOf(record)}
            </Text>
            <Text size="sm" c="dimmed">
              By {record.byName ?? 'a former member'}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
