import { Stack } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import { EMBED_ELSEWHERE, type Funnel, type ReportFilters } from '@decor/core';
import { reportQuery } from '../api/get-report.ts';
import { percent, ReportCard, useReport } from './report-parts.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { useT } from '../../../lib/i18n.ts';

/** Inquiries, those followed up and buyers, in colours every reader tells apart (Okabe and Ito's palette). */
const LEAD_SERIES = [
  { name: 'inquiries', color: '#0072B2' },
  { name: 'contacted', color: '#E69F00' },
  { name: 'buyers', color: '#009E73' },
] as const;

type Counts = { inquiries: number; contacted: number; buyers: number };

/**
 * The front door's funnel (docs/reports.md, "Funnel"): from the widget's views to buyers, then the
 * same by source, site, campaign and agent code, and the sales-centre screens' part.
 */
export function FunnelReport({ filters }: { filters: ReportFilters }) {
  const t = useT();
  const { count, share, series, leadHeadings, leadRows } = useFunnelWords();
  const report = useReport(
    useQuery(reportQuery('funnel', filters)),
    (data: Funnel) => !data.steps.views && !data.steps.inquiries && !data.salesCentre.visits,
    'app.reports.empty-funnel',
  );
  if (!report.data) return report.node;
  const data = report.data;
  const { steps } = data;
  const stepRows: Array<[string, number, number | null]> = [
    [t('app.reports.funnel.views'), steps.views, null],
    [t('app.reports.funnel.clicks'), steps.clicks, steps.views],
    [t('app.reports.funnel.inquiries'), steps.inquiries, null],
    [t('app.reports.funnel.contacted'), steps.contacted, steps.inquiries],
    [t('app.reports.funnel.buyers'), steps.buyers, steps.inquiries],
  ];
  const sourceName = (source: string) => t(`app.reports.funnel.source.${source as 'inquire' | 'embed' | 'display'}`);
  return (
    <Stack gap="md">
      <ReportCard
        name="funnel"
        title={t('app.reports.funnel-title', {
          buyers: steps.buyers,
          inquiries: steps.inquiries,
          share: share(steps.buyers, steps.inquiries),
        })}
        note={t('app.reports.funnel-rule')}
        headings={[t('app.reports.funnel.step'), t('app.reports.funnel.count'), t('app.reports.funnel.of-before')]}
        rows={stepRows.map(([name, value, of]) => ({
          cells: [name, count(value), of === null ? '—' : share(value, of)],
          csv: [name, value, of ? value / of : ''],
        }))}
        chart={
          <BarChart
            h={220}
            data={[{ step: t('app.reports.funnel.all'), ...steps }]}
            dataKey="step"
            orientation="vertical"
            yAxisProps={{ width: 120 }}
            series={series}
            withLegend
          />
        }
      />
      <ReportCard
        name="funnel-by-source"
        title={t('app.reports.funnel-sources')}
        headings={leadHeadings(t('app.reports.funnel.source'))}
        rows={leadRows(data.sources, (s) => sourceName(s.source))}
        chart={
          <BarChart
            h={260}
            data={data.sources.map((s) => ({ ...s, source: sourceName(s.source) }))}
            dataKey="source"
            series={series}
            withLegend
          />
        }
      />
      <FunnelBreakdowns data={data} />
    </Stack>
  );
}

/** The funnel's words and figures in the reader's format. */
function useFunnelWords() {
  const t = useT();
  const { locale } = useLanguage();
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  const share = (part: number, whole: number) => (whole ? percent(part / whole, locale) : '—');
  const series = LEAD_SERIES.map((s) => ({ ...s, label: t(`app.reports.funnel.${s.name}`) }));
  const leadHeadings = (first: string) => [first, ...series.map((s) => s.label), t('app.reports.funnel.conversion')];
  const leadRows = <R extends Counts>(list: R[], name: (row: R) => string) =>
    list.map((row) => ({
      cells: [
        name(row),
        count(row.inquiries),
        count(row.contacted),
        count(row.buyers),
        share(row.buyers, row.inquiries),
      ],
      csv: [name(row), row.inquiries, row.contacted, row.buyers, row.inquiries ? row.buyers / row.inquiries : ''],
    }));
  return { count, share, series, leadHeadings, leadRows };
}

/** The widget per site, the inquiries per campaign and agent code, and the sales-centre screens. */
function FunnelBreakdowns({ data }: { data: Funnel }) {
  const t = useT();
  const { count, share, series, leadHeadings, leadRows } = useFunnelWords();
  const none = t('app.reports.funnel.none');
  return (
    <>
      <ReportCard
        name="funnel-by-site"
        title={t('app.reports.funnel-sites')}
        headings={[
          t('app.reports.funnel.site'),
          t('app.reports.funnel.views'),
          t('app.reports.funnel.clicks'),
          t('app.reports.funnel.click-rate'),
          ...series.map((s) => s.label),
        ]}
        rows={data.sites.map((s) => {
          const site = s.site === EMBED_ELSEWHERE ? t('app.reports.funnel.elsewhere') : s.site;
          return {
            cells: [
              site,
              count(s.views),
              count(s.clicks),
              share(s.clicks, s.views),
              count(s.inquiries),
              count(s.contacted),
              count(s.buyers),
            ],
            csv: [site, s.views, s.clicks, s.views ? s.clicks / s.views : '', s.inquiries, s.contacted, s.buyers],
          };
        })}
      />
      <ReportCard
        name="funnel-by-campaign"
        title={t('app.reports.funnel-campaigns')}
        headings={leadHeadings(t('app.reports.funnel.campaign'))}
        rows={leadRows(data.campaigns, (c) => c.campaign || none)}
      />
      <ReportCard
        name="funnel-by-code"
        title={t('app.reports.funnel-codes')}
        headings={leadHeadings(t('app.reports.funnel.code'))}
        rows={leadRows(data.codes, (c) => c.code || none)}
      />
      <ReportCard
        name="sales-centre"
        title={t('app.reports.funnel-screens', {
          visits: data.salesCentre.visits,
          looks: data.salesCentre.looks,
          leads: data.salesCentre.inquiries,
        })}
        headings={[
          t('app.reports.funnel.visits'),
          t('app.reports.funnel.looks'),
          t('app.reports.funnel.screen-leads'),
          t('app.reports.funnel.buyers'),
        ]}
        rows={[
          {
            cells: [
              data.salesCentre.visits,
              data.salesCentre.looks,
              data.salesCentre.inquiries,
              data.salesCentre.buyers,
            ].map(count),
            csv: [data.salesCentre.visits, data.salesCentre.looks, data.salesCentre.inquiries, data.salesCentre.buyers],
          },
        ]}
      />
    </>
  );
}
