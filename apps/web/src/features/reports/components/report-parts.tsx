import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { downloadCsv, downloadPng } from './downloads.ts';
import { minorUnitsPerMajor } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';

/** The parts every report is made of (docs/reports.md, "How it reads"). */

export const percent = (share: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);

/** An amount on a chart's axis, short ("$24K"), in the currency's own units (yen have none). */
export const compactAmount = (locale: string, currency: string) => (minor: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(
    minor / minorUnitsPerMajor(currency),
  );

/** What a report says while it loads, when it fails, and when there is nothing to count yet. */
export function useReport<T>(
  query: { data?: T; isLoading: boolean; error: unknown },
  isEmpty: (data: T) => boolean,
  /** What will appear, and when, where it is not the selections' (docs/reports.md, "How it reads"). */
  empty: 'app.reports.empty' | 'app.reports.empty-money' | 'app.reports.empty-funnel' = 'app.reports.empty',
) {
  const t = useT();
  if (query.isLoading) return { node: <Skeleton h={320} radius="md" /> };
  if (query.error || !query.data)
    return {
      node: <Alert color="red">{query.error instanceof Error ? query.error.message : t('app.reports.failed')}</Alert>,
    };
  if (isEmpty(query.data))
    return {
      node: (
        <Alert color="gray" title={t('app.reports.empty-title')} data-testid="report-empty">
          {t(empty)}
        </Alert>
      ),
    };
  return { data: query.data };
}

/** A period's first and last months in the reader's words ("Jan 2026", "janv. 2026"). */
export function periodWords(period: { from: string; to: string }, locale: string) {
  const words = (value: string) =>
    new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${value}-15`),
    );
  return { from: words(period.from), to: words(period.to) };
}

/** A report's card: its finding as the title, the chart or its table, and its downloads. */
export function ReportCard({
  name,
  title,
  note,
  headings,
  rows,
  chart,
}: {
  name: string;
  title: string;
  /** What the reader should know to read it right, under the title. */
  note?: string | undefined;
  headings: string[];
  rows: Array<{ cells: string[]; csv: Array<string | number> }>;
  chart?: ReactNode;
}) {
  const t = useT();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const picture = useRef<HTMLDivElement>(null);
  const isChart = !!chart && view === 'chart';
  return (
    <Card withBorder radius="md" padding="md" data-testid={`report-${name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="md" maw={640}>
            {title}
          </Title>
          <Group gap={6}>
            {chart && (
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
                data={[
                  { value: 'chart', label: t('app.reports.chart') },
                  { value: 'table', label: t('app.reports.table') },
                ]}
              />
            )}
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => downloadCsv(name, [headings, ...rows.map((r) => r.csv)])}
            >
              CSV
            </Button>
            {isChart && (
              <Button size="compact-xs" variant="default" onClick={() => void downloadPng(picture.current!, name)}>
                PNG
              </Button>
            )}
          </Group>
        </Group>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        {isChart && <div ref={picture}>{chart}</div>}
        {/* The numbers as a table: shown when asked for, and always there for screen readers. */}
        {isChart ? (
          <VisuallyHidden>
            <FigureTable title={title} headings={headings} rows={rows} />
          </VisuallyHidden>
        ) : (
          <ScrollArea.Autosize mah={480} type="auto">
            <FigureTable headings={headings} rows={rows} />
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Card>
  );
}

function FigureTable({
  title,
  headings,
  rows,
}: {
  /** Said as the table's caption where the card's title is not beside it (under a chart, for screen readers). */
  title?: string;
  headings: string[];
  rows: Array<{ cells: string[] }>;
}) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        {title && <Table.Caption>{title}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {headings.map((heading) => (
              <Table.Th key={heading}>{heading}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              {row.cells.map((cell, j) => (
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
