import { Alert, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatMoney, type ProjectsAtAGlance as Glance } from '@decor/core';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

const glanceQuery = queryOptions({
  queryKey: ['admin', 'reports'],
  queryFn: ({ signal }) => api<Glance>('/api/admin/reports', { signal }),
  staleTime: 60_000,
});

/**
 * Every live project's reports in one table for the platform's administrators (docs/reports.md,
 * "Across projects"): the twelve months to this one, each figure the project's own report's.
 */
export function ProjectsAtAGlance() {
  const t = useT();
  const errorText = useErrorText();
  const { locale } = useLanguage();
  const glance = useQuery(glanceQuery);
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  const percent = (part: number, whole: number) =>
    whole ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(part / whole) : '—';
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {t('app.admin.glance.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('app.admin.glance.help')}
      </Text>
      {glance.isError ? (
        <Alert color="red">{errorText(glance.error, 'app.reports.failed')}</Alert>
      ) : !glance.data ? (
        <Skeleton h={120} radius="md" />
      ) : (
        <DataTable
          minWidth={900}
          testId="projects-at-a-glance"
          columns={[
            { label: t('app.admin.overview.project') },
            { label: t('app.admin.glance.selections'), align: 'right' },
            { label: t('app.admin.glance.approved'), align: 'right' },
            { label: t('app.admin.glance.waiting'), align: 'right' },
            { label: t('app.admin.glance.margin'), align: 'right' },
            { label: t('app.admin.glance.at-risk'), align: 'right' },
            { label: t('app.admin.glance.overdue'), align: 'right' },
            { label: t('app.admin.glance.inquiries'), align: 'right' },
          ]}
          isEmpty={glance.data.projects.length === 0}
          empty={t('app.admin.overview.none')}
        >
          {glance.data.projects.map((p) => {
            const money = (minor: number) => formatMoney(minor, { currency: p.currency, locale });
            return (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Text fw={600}>{p.name}</Text>
                  <Text size="xs" c="dimmed">
                    {p.key}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{count(p.selections)}</Table.Td>
                <Table.Td ta="right">{money(p.approved)}</Table.Td>
                <Table.Td ta="right">{money(p.submitted)}</Table.Td>
                <Table.Td ta="right">{p.costed ? `${money(p.margin)} (${percent(p.margin, p.costed)})` : '—'}</Table.Td>
                <Table.Td ta="right">{t('app.admin.glance.of-open', { count: p.atRisk, open: p.open })}</Table.Td>
                <Table.Td ta="right">{money(p.overdue)}</Table.Td>
                <Table.Td ta="right">
                  {t('app.admin.glance.became', { buyers: p.buyers, inquiries: p.inquiries })}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
    </Stack>
  );
}
