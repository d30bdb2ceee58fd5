import { Stack, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import { amountFieldText, type MoneyReport as Money, type ReportFilters } from '@decor/core';
import { reportQuery } from '../api/get-report.ts';
import { compactAmount, periodWords, ReportCard, useReport } from './report-parts.tsx';
import { useProjectAsWritten } from '../../../lib/project.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useT } from '../../../lib/i18n.ts';

/** Due, received and overdue in colours every reader tells apart (Okabe and Ito's palette). */
const MONEY_SERIES = [
  { name: 'due', color: '#0072B2' },
  { name: 'received', color: '#009E73' },
  { name: 'overdue', color: '#D55E00' },
] as const;

/**
 * Money by week (docs/reports.md, "Money"): what the signed selections make due each week, what
 * was received, and what of it is overdue today, as bars with their table.
 */
export function MoneyReport({ filters }: { filters: ReportFilters }) {
  const t = useT();
  const money = useMoney();
  const { locale } = useLanguage();
  const { data: project } = useProjectAsWritten();
  const report = useReport(
    useQuery(reportQuery('money', filters)),
    (data: Money) => !data.total.due && !data.total.received,
    'app.reports.empty-money',
  );
  if (!report.data) return report.node;
  const data = report.data;
  const figure = (minor: number) => amountFieldText(minor, data.currency, project?.options.locale ?? 'en-CA');
  const compact = compactAmount(locale, data.currency);
  const weekName = (monday: string) =>
    new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${monday}T12:00:00Z`),
    );
  const series = MONEY_SERIES.map((s) => ({ ...s, label: t(`app.reports.money.${s.name}`) }));
  const words = { ...periodWords(data.period, locale), received: money(data.total.received) };
  return (
    <Stack gap="md">
      <ReportCard
        name="money-by-week"
        title={
          data.total.overdue
            ? t('app.reports.money-overdue', { ...words, overdue: money(data.total.overdue) })
            : t('app.reports.money-none-overdue', words)
        }
        note={data.total.undated ? t('app.reports.money-undated', { amount: money(data.total.undated) }) : undefined}
        headings={[t('app.reports.week'), ...series.map((s) => s.label)]}
        rows={data.weeks.map((w) => ({
          cells: [weekName(w.week), money(w.due), money(w.received), money(w.overdue)],
          csv: [w.week, figure(w.due), figure(w.received), figure(w.overdue)],
        }))}
        chart={
          <BarChart
            h={320}
            data={data.weeks.map((w) => ({ ...w, week: weekName(w.week) }))}
            dataKey="week"
            series={series}
            valueFormatter={money}
            yAxisProps={{ tickFormatter: compact, width: 64 }}
            withLegend
          />
        }
      />
      <Text size="sm" c="dimmed">
        {t('app.reports.money-rule')}
      </Text>
    </Stack>
  );
}
