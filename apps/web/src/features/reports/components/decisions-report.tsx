import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DECISION_BUCKETS, numberFieldText, type Decisions, type ReportFilters } from '@decor/core';
import { reportQuery } from '../api/get-report.ts';
import { downloadCsv } from './downloads.ts';
import { percent, periodWords, ReportCard, useReport } from './report-parts.tsx';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { sendReminders } from '../../../lib/reminders.ts';
import { useDateFormat } from '../../../lib/use-money.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

/** The three stages in colours every reader tells apart (Okabe and Ito's palette). */
const STAGE_SERIES = [
  { name: 'choice', color: '#56B4E9' },
  { name: 'submitted', color: '#E69F00' },
  { name: 'approved', color: '#009E73' },
] as const;

/**
 * Decision time and deadline risk (docs/reports.md): how long buyers take to each stage, as
 * bars of how many reached it within a week, two, a month, two months or later; and the open
 * selections that will miss their deadline at their pace, with their buyers reminded from here.
 */
export function DecisionsReport({ filters }: { filters: ReportFilters }) {
  const t = useT();
  const { locale } = useLanguage();
  const report = useReport(
    useQuery(reportQuery('decisions', filters)),
    (data: Decisions) => data.started === 0 && data.open === 0,
  );
  if (!report.data) return report.node;
  const data = report.data;
  const days = (value: number | null) =>
    value === null ? '—' : t('app.reports.days', { days: value, written: numberFieldText(value, locale) });
  const series = STAGE_SERIES.map((s) => ({ ...s, label: t(`app.reports.stage.${s.name}`) }));
  const limits = [...DECISION_BUCKETS.map((limit) => t('app.reports.within', { days: limit })), t('app.reports.later')];
  const submitted = data.stages.find((s) => s.stage === 'submitted')!;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="report-scope">
        {t('app.reports.decisions-scope', {
          count: data.started,
          open: data.open,
          ...periodWords(data.period, locale),
        })}
      </Text>
      <ReportCard
        name="decision-time"
        title={
          submitted.median === null
            ? t('app.reports.decisions-none')
            : t('app.reports.decisions-median', { days: days(submitted.median), count: submitted.count })
        }
        headings={[
          t('app.reports.stage'),
          t('app.reports.reached'),
          t('app.reports.median'),
          t('app.reports.p25'),
          t('app.reports.p75'),
        ]}
        rows={data.stages.map((s) => ({
          cells: [t(`app.reports.stage.${s.stage}`), String(s.count), days(s.median), days(s.p25), days(s.p75)],
          csv: [t(`app.reports.stage.${s.stage}`), s.count, s.median ?? '', s.p25 ?? '', s.p75 ?? ''],
        }))}
        chart={
          <BarChart
            h={300}
            data={limits.map((label, i) => ({
              label,
              ...Object.fromEntries(data.stages.map((s) => [s.stage, s.buckets[i] ?? 0])),
            }))}
            dataKey="label"
            series={series}
            withLegend
          />
        }
      />
      <AtRisk data={data} />
    </Stack>
  );
}

/** The open selections forecast to miss their deadline, each linked to its page, their buyers reminded from here. */
function AtRisk({ data }: { data: Decisions }) {
  const t = useT();
  const errorText = useErrorText();
  const { locale } = useLanguage();
  const date = useDateFormat();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ color: string; text: string } | null>(null);
  const rows = data.atRisk;
  const forecast = (lateBy: number | null) =>
    lateBy === null
      ? t('app.reports.not-started')
      : t('app.reports.late-by', { days: lateBy, written: numberFieldText(lateBy, locale) });
  const headings = [
    t('app.reports.unit'),
    t('app.reports.buyers'),
    t('app.reports.deadline'),
    t('app.reports.progress'),
    t('app.reports.forecast'),
    t('app.reports.last-reminded'),
  ];
  const remind = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const result = await sendReminders({ carts: chosen });
      setSaid({ color: 'green', text: t('app.reminders.done', { count: result.reminded.length }) });
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: ['manage', 'reports', 'decisions'] });
    } catch (caught) {
      setSaid({ color: 'red', text: errorText(caught, 'app.reminders.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="report-deadline-risk">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="md" maw={640}>
            {rows.length
              ? t('app.reports.risk', { count: rows.length, open: data.open })
              : t('app.reports.risk-none', { open: data.open })}
          </Title>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() =>
              downloadCsv('deadline-risk', [
                headings,
                ...rows.map((r) => [
                  r.unit,
                  r.buyers.join('; '),
                  date(r.deadline),
                  r.progress,
                  forecast(r.lateBy),
                  date(r.lastReminded),
                ]),
              ])
            }
          >
            CSV
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('app.reports.risk-rule')}
        </Text>
        {rows.length > 0 && (
          <>
            <RiskTable rows={rows} headings={headings} chosen={chosen} onChoose={setChosen} forecast={forecast} />
            <Group gap="sm">
              <Button disabled={!chosen.length} loading={busy} onClick={() => void remind()}>
                {t('app.reports.remind', { count: chosen.length })}
              </Button>
              {said && (
                <Alert color={said.color} py={6} role="status">
                  {said.text}
                </Alert>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The selections at risk, each with its box to choose it for a reminder. */
function RiskTable({
  rows,
  headings,
  chosen,
  onChoose,
  forecast,
}: {
  rows: Decisions['atRisk'];
  headings: string[];
  chosen: string[];
  onChoose: (update: (list: string[]) => string[]) => void;
  forecast: (lateBy: number | null) => string;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const date = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label={t('app.reports.choose-all')}
                checked={chosen.length === rows.length}
                indeterminate={chosen.length > 0 && chosen.length < rows.length}
                onChange={(event) => {
                  const all = event.currentTarget.checked;
                  onChoose(() => (all ? rows.map((r) => r.cart) : []));
                }}
              />
            </Table.Th>
            {headings.map((heading) => (
              <Table.Th key={heading}>{heading}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.cart}>
              <Table.Td>
                <Checkbox
                  aria-label={t('app.reports.choose', { unit: r.unit })}
                  checked={chosen.includes(r.cart)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    onChoose((list) => (on ? [...list, r.cart] : list.filter((id) => id !== r.cart)));
                  }}
                />
              </Table.Td>
              <Table.Td>
                <AnchorLink to="/manage/carts/{-$id}" params={{ id: r.cart }} fw={600}>
                  {r.unit}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{r.buyers.join(', ') || '—'}</Table.Td>
              <Table.Td>
                {date(r.deadline)}
                <Text size="xs" c="dimmed">
                  {t('app.reports.days-left', {
                    days: r.daysLeft,
                    written: numberFieldText(r.daysLeft, locale),
                  })}
                </Text>
              </Table.Td>
              <Table.Td>{percent(r.progress, locale)}</Table.Td>
              <Table.Td>{forecast(r.lateBy)}</Table.Td>
              <Table.Td>{r.lastReminded ? date(r.lastReminded, true) : t('app.reports.never')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
