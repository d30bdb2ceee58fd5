import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ImportRecord, type Translate } from '@decor/core';
import { useDownload } from '../../../lib/use-download.ts';
import { importHistoryQuery } from '../api/get-imports.ts';
import { useDateFormat } from '../../../lib/use-money.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';

/** The imports applied to the project: when, by whom, what, the counts and the file (docs/imports.md). */
export function ImportHistory() {
  const t = useT();
  const errorText = useErrorText();
  const history = useInfiniteQuery(importHistoryQuery);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('app.import.history.title')}
        </Title>
        {history.isError && <Alert color="red">{errorText(history.error, 'app.import.history.not-loaded')}</Alert>}
        {history.isPending && <Skeleton h={80} />}
        {history.isSuccess && items.length === 0 && <Text c="dimmed">{t('app.import.history.none')}</Text>}
        {items.length > 0 && (isPhone ? <HistoryCards items={items} /> : <HistoryTable items={items} />)}
        {history.hasNextPage && (
          <Group>
            <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('app.import.history.older')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

const countsOf = (record: ImportRecord, t: Translate) =>
  [
    t('app.import.count.created', { count: record.counts.created }),
    t('app.import.count.updated', { count: record.counts.updated }),
    t('app.import.count.unchanged', { count: record.counts.unchanged }),
    ...(record.kind === 'units' ? [t('app.import.count.invited-history', { count: record.counts.invited })] : []),
  ].join(' · ');

function FileLink({ record }: { record: ImportRecord }) {
  const t = useT();
  const { download, error } = useDownload(t('app.import.history.not-downloaded'));
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
  const t = useT();
  const date = useDateFormat();
  return (
    <DataTable
      minWidth={720}
      columns={[
        { label: t('app.import.history.when') },
        { label: t('app.import.history.what') },
        { label: t('app.import.history.file') },
        { label: t('app.import.history.rows') },
        { label: t('app.import.history.result') },
        { label: t('app.import.history.by') },
      ]}
      label={t('app.import.history.title')}
    >
      {items.map((record) => (
        <Table.Tr key={record._id} data-testid="import-entry">
          <Table.Td>{date(record.at, true)}</Table.Td>
          <Table.Td>{t(`app.import.kind.${record.kind}`)}</Table.Td>
          <Table.Td>
            <FileLink record={record} />
          </Table.Td>
          <Table.Td>{record.counts.rows.toLocaleString()}</Table.Td>
          <Table.Td>{countsOf(record, t)}</Table.Td>
          <Table.Td>{record.byName ?? t('app.import.history.former')}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function HistoryCards({ items }: { items: ImportRecord[] }) {
  const t = useT();
  const date = useDateFormat();
  return (
    <Stack gap="xs">
      {items.map((record) => (
        <Card key={record._id} withBorder padding="sm" radius="sm" data-testid="import-entry">
          <Stack gap={2}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {t(`app.import.kind.${record.kind}`)}
              </Text>
              <Text size="sm" c="dimmed">
                {date(record.at, true)}
              </Text>
            </Group>
            <FileLink record={record} />
            <Text size="sm">
              {t('app.import.history.rows-counts', { count: record.counts.rows, counts: countsOf(record, t) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('app.import.history.by-name', { name: record.byName ?? t('app.import.history.former') })}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
