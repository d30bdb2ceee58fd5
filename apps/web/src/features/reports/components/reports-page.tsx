import '@mantine/charts/styles.css';
import { Alert, Card, NumberInput, Select, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import {
  amountFieldText,
  numberFieldText,
  REPORTS,
  type ReportFilters,
  type ReportName,
  type Revenue,
  type TakeRate,
} from '@decor/core';
import { filterChoicesQuery, reportQuery } from '../api/get-report.ts';
import { DecisionsReport } from './decisions-report.tsx';
import { FunnelReport } from './funnel-report.tsx';
import { MoneyReport } from './money-report.tsx';
import { compactAmount, percent, periodWords, ReportCard, useReport } from './report-parts.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { useProjectAsWritten } from '../../../lib/project.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useT } from '../../../lib/i18n.ts';

export type ReportTab = ReportName;

/** Colours told apart by every reader, colour-blind ones included (Okabe and Ito's palette). */
const STATUS_SERIES = [
  { name: 'approved', color: '#009E73' },
  { name: 'submitted', color: '#E69F00' },
  { name: 'open', color: '#0072B2' },
] as const;

/**
 * `/manage/reports` (docs/reports.md): each report a chart whose title says what it shows, its
 * numbers on hover and focus and as a table, downloaded as CSV or PNG; the filters in the address.
 */
export function ReportsPage({
  tab,
  filters,
  onChange,
}: {
  tab: ReportTab;
  filters: ReportFilters;
  onChange: (next: { tab: ReportTab; filters: ReportFilters }) => void;
}) {
  const t = useT();
  return (
    <Stack gap="md">
      <Filters filters={filters} onChange={(next) => onChange({ tab, filters: next })} />
      <Tabs
        value={tab}
        onChange={(value) => onChange({ tab: REPORTS.find((name) => name === value) ?? 'take-rate', filters })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="take-rate">{t('app.reports.take-rate')}</Tabs.Tab>
          <Tabs.Tab value="revenue">{t('app.reports.revenue')}</Tabs.Tab>
          <Tabs.Tab value="decisions">{t('app.reports.decisions')}</Tabs.Tab>
          <Tabs.Tab value="money">{t('app.reports.money')}</Tabs.Tab>
          <Tabs.Tab value="funnel">{t('app.reports.funnel')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'take-rate' && <TakeRateReport filters={filters} />}
      {tab === 'revenue' && <RevenueReport filters={filters} />}
      {tab === 'decisions' && <DecisionsReport filters={filters} />}
      {tab === 'money' && <MoneyReport filters={filters} />}
      {tab === 'funnel' && <FunnelReport filters={filters} />}
    </Stack>
  );
}

/** The period, plan, floor and category, each written into the address as it is chosen. */
function Filters({ filters, onChange }: { filters: ReportFilters; onChange: (filters: ReportFilters) => void }) {
  const t = useT();
  const plans = useQuery(filterChoicesQuery('plans'));
  const categories = useQuery(filterChoicesQuery('categories'));
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });
  const month = (value: string) => (/^\d{4}-\d{2}$/.test(value) ? value : undefined);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="report-filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <TextInput
          type="month"
          label={t('app.reports.from')}
          value={filters.from ?? ''}
          onChange={(event) => set({ from: month(event.currentTarget.value) })}
        />
        <TextInput
          type="month"
          label={t('app.reports.to')}
          value={filters.to ?? ''}
          onChange={(event) => set({ to: month(event.currentTarget.value) })}
        />
        <Select
          label={t('app.reports.plan')}
          placeholder={t('app.reports.every-plan')}
          data={(plans.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
          value={filters.plan ?? null}
          onChange={(value) => set({ plan: value ?? undefined })}
          clearable
        />
        <NumberInput
          label={t('app.reports.floor')}
          placeholder={t('app.reports.every-floor')}
          allowDecimal={false}
          value={filters.floor ?? ''}
          onChange={(value) => set({ floor: typeof value === 'number' ? value : undefined })}
        />
        <Select
          label={t('app.reports.category')}
          placeholder={t('app.reports.every-category')}
          data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          value={filters.category ?? null}
          onChange={(value) => set({ category: value ?? undefined })}
          clearable
        />
      </SimpleGrid>
    </Card>
  );
}

function TakeRateReport({ filters }: { filters: ReportFilters }) {
  const t = useT();
  const { locale } = useLanguage();
  const report = useReport(useQuery(reportQuery('take-rate', filters)), (data: TakeRate) => data.selections === 0);
  if (!report.data) return report.node;
  const data = report.data;
  const pct = (share: number) => percent(share, locale);
  const top = data.options.slice(0, 12);
  const shareRows = (rows: Array<{ name: string; count: number; share: number }>) =>
    rows.map((row) => ({
      cells: [row.name, String(row.count), pct(row.share)],
      csv: [row.name, row.count, row.share],
    }));
  const headings = [t('app.reports.name'), t('app.reports.selections'), t('app.reports.share')];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="report-scope">
        {t('app.reports.take-scope', { count: data.selections, ...periodWords(data.period, locale) })}
      </Text>
      <ReportCard
        name="take-rate-options"
        title={t('app.reports.take-options', { name: top[0]?.name ?? '', share: pct(top[0]?.share ?? 0) })}
        headings={headings}
        rows={shareRows(data.options)}
        chart={<ShareBars rows={top} format={pct} />}
      />
      <ReportCard
        name="take-rate-categories"
        title={t('app.reports.take-categories', {
          name: data.categories[0]?.name ?? '',
          share: pct(data.categories[0]?.share ?? 0),
        })}
        headings={headings}
        rows={shareRows(data.categories)}
        chart={<ShareBars rows={data.categories} format={pct} />}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportCard
          name="unchosen-options"
          title={t('app.reports.unchosen', { count: data.unchosen.length })}
          headings={[t('app.reports.name')]}
          rows={data.unchosen.map((o) => ({ cells: [o.name], csv: [o.name] }))}
        />
        <ReportCard
          name="packages"
          title={t('app.reports.packages')}
          headings={headings}
          rows={shareRows(data.packages)}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Shares of the selections as horizontal bars, one a row, in the brand's colour. */
function ShareBars({
  rows,
  format,
}: {
  rows: Array<{ name: string; share: number }>;
  format: (share: number) => string;
}) {
  const t = useT();
  return (
    <BarChart
      h={40 + 38 * rows.length}
      data={rows.map((row) => ({ name: row.name, share: row.share }))}
      dataKey="name"
      orientation="vertical"
      yAxisProps={{ width: 180 }}
      series={[{ name: 'share', label: t('app.reports.share'), color: 'brand.6' }]}
      valueFormatter={format}
      withLegend
    />
  );
}

function RevenueReport({ filters }: { filters: ReportFilters }) {
  const t = useT();
  const money = useMoney();
  const { locale } = useLanguage();
  const { data: project } = useProjectAsWritten();
  const report = useReport(
    useQuery(reportQuery('revenue', filters)),
    (data: Revenue) => !data.total.approved && !data.total.submitted && !data.total.open,
  );
  if (!report.data) return report.node;
  const data = report.data;
  const currency = project?.currency ?? 'CAD';
  const figure = (minor: number) => amountFieldText(minor, currency, project?.options.locale ?? 'en-CA');
  // The axis in short amounts ("$24K"), the tooltip and the table in full.
  const compact = compactAmount(locale, currency);
  const series = STATUS_SERIES.map((s) => ({ ...s, label: t(`app.reports.status.${s.name}`) }));
  const monthName = (value: string) =>
    new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${value}-15`),
    );
  const headings = (first: string) => [first, ...series.map((s) => s.label)];
  const rowsOf = <R extends { approved: number; submitted: number; open: number }>(
    list: R[],
    name: (row: R) => string,
  ) =>
    list.map((row) => ({
      cells: [name(row), money(row.approved), money(row.submitted), money(row.open)],
      csv: [name(row), figure(row.approved), figure(row.submitted), figure(row.open)],
    }));
  const best = [...data.months].sort((a, b) => b.approved - a.approved)[0]!;
  const sum = (row: { approved: number; submitted: number; open: number }) => row.approved + row.submitted + row.open;
  const categories = [...data.categories].sort((a, b) => sum(b) - sum(a));
  const topCategory = [...data.categories].sort((a, b) => b.approved + b.submitted - (a.approved + a.submitted))[0];
  return (
    <Stack gap="md">
      <Text fw={600} data-testid="revenue-total">
        {t('app.reports.revenue-total', {
          ...periodWords(data.period, locale),
          approved: money(data.total.approved),
          submitted: money(data.total.submitted),
          open: money(data.total.open),
        })}
      </Text>
      <ReportCard
        name="revenue-by-month"
        title={t('app.reports.revenue-months', { month: monthName(best.month), amount: money(best.approved) })}
        headings={headings(t('app.reports.month'))}
        rows={rowsOf(data.months, (m) => monthName(m.month))}
        chart={
          <BarChart
            h={300}
            data={data.months.map((m) => ({ ...m, month: monthName(m.month) }))}
            dataKey="month"
            type="stacked"
            series={series}
            valueFormatter={money}
            yAxisProps={{ tickFormatter: compact, width: 64 }}
            withLegend
          />
        }
      />
      <ReportCard
        name="revenue-by-category"
        title={t('app.reports.revenue-categories', {
          name: topCategory?.name ?? '',
          amount: money((topCategory?.approved ?? 0) + (topCategory?.submitted ?? 0)),
        })}
        headings={headings(t('app.reports.category'))}
        rows={rowsOf(categories, (c) => c.name)}
        chart={
          <BarChart
            h={40 + 38 * categories.length}
            data={categories}
            dataKey="name"
            type="stacked"
            orientation="vertical"
            yAxisProps={{ width: 180 }}
            xAxisProps={{ tickFormatter: compact }}
            series={series}
            valueFormatter={money}
            withLegend
          />
        }
      />
      <MarginCard data={data} money={money} figure={figure} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportCard
          name="revenue-by-plan"
          title={t('app.reports.by-plan')}
          headings={headings(t('app.reports.plan'))}
          rows={rowsOf(data.plans, (p) => p.name)}
        />
        <ReportCard
          name="revenue-by-floor"
          title={t('app.reports.by-floor')}
          headings={headings(t('app.reports.floor'))}
          rows={rowsOf(data.floors, (f) => numberFieldText(f.floor, locale))}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The margin of the signed lines whose option has a cost, by category (docs/reports.md, "Cost and
 * margin"): bars of the margin's share of what they sell for; until the catalogue gives a cost,
 * what to do to see it.
 */
function MarginCard({
  data,
  money,
  figure,
}: {
  data: Revenue;
  money: (minor: number) => string;
  figure: (minor: number) => string;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const signed = data.total.approved + data.total.submitted;
  if (!data.total.costed)
    return (
      <Alert color="gray" title={t('app.reports.margin-title')} data-testid="report-margin-empty">
        {t('app.reports.margin-none')}
      </Alert>
    );
  const pct = (share: number) => percent(share, locale);
  const rate = (row: { costed: number; cost: number }) => (row.costed ? (row.costed - row.cost) / row.costed : 0);
  const rows = data.categories.filter((c) => c.costed).sort((a, b) => rate(b) - rate(a));
  const best = rows[0]!;
  return (
    <ReportCard
      name="margin-by-category"
      title={t('app.reports.margin-best', {
        margin: money(data.total.costed - data.total.cost),
        share: pct(rate(data.total)),
        name: best.name,
        best: pct(rate(best)),
      })}
      note={
        signed > data.total.costed
          ? t('app.reports.margin-coverage', { amount: money(signed - data.total.costed) })
          : undefined
      }
      headings={[
        t('app.reports.category'),
        t('app.reports.margin-sold'),
        t('app.reports.margin-cost'),
        t('app.reports.margin'),
        t('app.reports.margin-share'),
      ]}
      rows={rows.map((c) => ({
        cells: [c.name, money(c.costed), money(c.cost), money(c.costed - c.cost), pct(rate(c))],
        csv: [c.name, figure(c.costed), figure(c.cost), figure(c.costed - c.cost), rate(c)],
      }))}
      chart={
        <BarChart
          h={40 + 38 * rows.length}
          data={rows.map((c) => ({ name: c.name, margin: rate(c) }))}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 180 }}
          xAxisProps={{ tickFormatter: pct }}
          series={[{ name: 'margin', label: t('app.reports.margin-share'), color: 'brand.6' }]}
          valueFormatter={pct}
          withLegend
        />
      }
    />
  );
}
