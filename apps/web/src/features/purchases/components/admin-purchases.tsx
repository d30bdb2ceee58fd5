import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, type AdminPurchases, changeOrderNumber } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { useDates, useZone } from '../../../lib/use-dates.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';

interface Filter {
  project: string;
  currency: string;
  from: string;
  to: string;
}

/** The filter as the API reads it; the days are the reader's own, in their zone. */
const queryString = (filter: Filter, zone: string) => {
  const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value) as Array<[string, string]>);
  if (filter.from || filter.to) params.set('zone', zone);
  return params.size ? `?${params}` : '';
};

/** `/admin/purchases`: approved purchases across every project, filtered, totalled per project and currency, as CSV. */
export function AdminPurchasesPage() {
  const t = useT();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<Filter>({ project: '', currency: '', from: '', to: '' });
  const projects = useQuery(adminProjectsQuery());
  const { timeZone } = useZone();
  const purchases = useQuery({
    queryKey: [...ADMIN_KEY, 'purchases', filter, timeZone],
    queryFn: ({ signal }) => api<AdminPurchases>(`/api/admin/purchases${queryString(filter, timeZone)}`, { signal }),
    placeholderData: (previous) => previous,
  });
  const { download, isDownloading, error } = useDownload(t('app.adm.purchases.no-download'));
  const { date } = useDates();
  const currencies = [...new Set((projects.data ?? []).map((p) => p.currency))].sort();
  // Each project's amounts in its own words.
  const localeOf = new Map((projects.data ?? []).map((p) => [p.key, p.options.locale]));
  const money = (minor: number, currency: string, projectKey: string) =>
    formatMoney(minor, { currency, locale: localeOf.get(projectKey) ?? 'en-CA' });
  const dateProblem = filter.from && filter.to && filter.from > filter.to ? t('app.adm.purchases.dates') : undefined;

  return (
    <Stack gap="md">
      <Group gap="sm" align="end" wrap="wrap">
        <Select
          label={t('app.adm.users.project')}
          placeholder={t('app.adm.sessions.every-project')}
          data={(projects.data ?? []).map((p) => ({ value: p.key, label: p.name }))}
          value={filter.project || null}
          onChange={(v) => setFilter({ ...filter, project: v ?? '' })}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label={t('app.adm.purchases.currency')}
          placeholder={t('app.adm.purchases.any')}
          data={currencies}
          value={filter.currency || null}
          onChange={(v) => setFilter({ ...filter, currency: v ?? '' })}
          clearable
          w={{ base: '48%', sm: 120 }}
        />
        <TextInput
          label={t('app.adm.purchases.from')}
          type="date"
          value={filter.from}
          onChange={(e) => setFilter({ ...filter, from: e.currentTarget.value })}
          w={{ base: '48%', sm: 170 }}
        />
        <TextInput
          label={t('app.adm.purchases.to')}
          type="date"
          value={filter.to}
          onChange={(e) => setFilter({ ...filter, to: e.currentTarget.value })}
          error={dateProblem}
          w={{ base: '48%', sm: 170 }}
        />
        <Button
          variant="light"
          loading={isDownloading}
          onClick={() => void download(`/api/admin/purchases.csv${queryString(filter, timeZone)}`)}
        >
          {t('app.adm.purchases.download')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {purchases.isError ? (
        <Alert color="red">{errorText(purchases.error, 'app.adm.purchases.not-loaded')}</Alert>
      ) : !purchases.data ? (
        <Skeleton h={200} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-testid="purchase-totals">
            {purchases.data.totals.length === 0 && <Text c="dimmed">{t('app.adm.purchases.none')}</Text>}
            {purchases.data.totals.map((total) => (
              <Card key={`${total.project}-${total.currency}`} withBorder radius="md" padding="md">
                <Text size="sm" c="dimmed">
                  {t('app.adm.purchases.count', { project: total.projectName, count: total.count })}
                </Text>
                <Text fz={24} fw={700}>
                  {money(total.total, total.currency, total.project)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          {purchases.data.items.length > 0 && (
            <Stack gap="xs">
              <Title order={2} fz="lg">
                {t('app.adm.purchases.title')}
              </Title>
              <DataTable
                minWidth={640}
                columns={[
                  { label: t('app.adm.purchases.cols', { col: 'project' }) },
                  { label: t('app.adm.purchases.cols', { col: 'unit' }) },
                  { label: t('app.adm.purchases.cols', { col: 'buyer' }) },
                  { label: t('app.adm.purchases.cols', { col: 'approved' }) },
                  { label: t('app.adm.purchases.cols', { col: 'total' }), align: 'right' },
                ]}
                testId="purchases"
              >
                {purchases.data.items.map((item) => (
                  <Table.Tr key={item._id}>
                    <Table.Td>{item.project.name}</Table.Td>
                    <Table.Td>
                      {item.unit ?? '—'}
                      {item.changeOrderOpen && (
                        // An orange dark enough to read on the table's striped rows (5.4:1; docs/screens.md, "Accessibility").
                        <Text span size="xs" c="#a84300">
                          {' '}
                          {t('app.adm.purchases.change-open')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.buyer ?? '—'}</Table.Td>
                    <Table.Td>
                      {date(item.approvedAt)}
                      {item.revision > 1 && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {t('app.adm.purchases.change-order', { number: changeOrderNumber(item.revision) ?? '' })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{money(item.total, item.currency, item.project.key)}</Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
