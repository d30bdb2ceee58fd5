import { Fragment, useState } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { useProject } from '../../../lib/project.ts';
import { purchasingQuery } from '../api/get-purchasing.ts';
import type { PurchasingReport } from '../../../lib/back-office-types.ts';
import { useDateFormat, useMoney } from '../../../lib/use-money.ts';

/**
 * What purchasing needs from the approved selections (docs/back-office.md, "Purchasing"): a CSV
 * for the spreadsheet and a printable summary by vendor and SKU; both add up to the purchases.
 */
export function PurchasingPanel() {
  const [isOpen, setOpen] = useState(false);
  const t = useT();
  const { download: save, isDownloading, error } = useDownload(t('app.purchasing.csv-failed'));
  const download = () => save('/api/manage/purchasing.csv');
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="default" onClick={download} loading={isDownloading}>
          {t('app.purchasing.csv')}
        </Button>
        <Button variant="default" onClick={() => setOpen(true)}>
          {t('app.purchasing.summary')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Modal opened={isOpen} onClose={() => setOpen(false)} fullScreen title={t('app.purchasing.summary')}>
        {isOpen && <Summary />}
      </Modal>
    </Stack>
  );
}

function Summary() {
  const report = useQuery(purchasingQuery);
  const errorText = useErrorText();
  if (report.isError) return <Alert color="red">{errorText(report.error, 'app.purchasing.not-loaded')}</Alert>;
  if (!report.data) return <Skeleton h={300} />;
  return <Report report={report.data} />;
}

function Report({ report }: { report: PurchasingReport }) {
  const { data: project } = useProject();
  const money = useMoney();
  const date = useDateFormat();
  const t = useT();
  const byVendor = new Map<string, PurchasingReport['lines']>();
  for (const line of report.lines) byVendor.set(line.vendor, [...(byVendor.get(line.vendor) ?? []), line]);
  return (
    <Stack gap="md" data-print-area>
      {/* Printing shows this summary only, not the page behind it. */}
      <style>
        {
          '@media print { body > *:not(:has([data-print-area])) { display: none !important; } .no-print { display: none !important; } }'
        }
      </style>
      <Group justify="space-between" align="start">
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {t('app.purchasing.heading', { project: project?.name ?? '' })}
          </Title>
          <Text c="dimmed">
            {t('app.purchasing.count', { count: report.purchases })}
            {report.changeOrdersOpen > 0
              ? ` ${t('app.purchasing.change-orders', { count: report.changeOrdersOpen })}`
              : ''}{' '}
            · {money(report.total)} · {t('app.purchasing.printed', { date: date(new Date().toISOString(), true) })}
          </Text>
        </Stack>
        <Button className="no-print" onClick={() => window.print()}>
          {t('app.purchasing.print')}
        </Button>
      </Group>
      {report.lines.length === 0 ? (
        <Text c="dimmed">{t('app.purchasing.none')}</Text>
      ) : (
        <Table withTableBorder striped data-testid="purchasing-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('app.purchasing.sku')}</Table.Th>
              <Table.Th>{t('app.purchasing.item')}</Table.Th>
              <Table.Th>{t('app.purchasing.unit')}</Table.Th>
              <Table.Th>{t('app.purchasing.room')}</Table.Th>
              <Table.Th ta="right">{t('app.purchasing.quantity')}</Table.Th>
              <Table.Th ta="right">{t('app.purchasing.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...byVendor.entries()].map(([vendor, lines]) => (
              <Fragment key={vendor || 'none'}>
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text fw={700}>{vendor || t('app.purchasing.fees')}</Text>
                  </Table.Td>
                </Table.Tr>
                {lines.map((line, index) => (
                  <Table.Tr key={`${line.sku}-${line.unit}-${line.room}-${index}`}>
                    <Table.Td>{line.sku}</Table.Td>
                    <Table.Td>{line.item}</Table.Td>
                    <Table.Td>
                      {line.unit}
                      {line.changeOrderOpen && (
                        <Text span size="xs" c="orange" data-testid="change-order-open">
                          {' '}
                          {t('app.purchasing.change-order-open')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{line.room}</Table.Td>
                    <Table.Td ta="right">{line.quantity}</Table.Td>
                    <Table.Td ta="right">{money(line.amount)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td colSpan={5} ta="right">
                    <Text size="sm" c="dimmed">
                      {vendor ? t('app.purchasing.vendor-total', { vendor }) : t('app.purchasing.adjustments-total')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text fw={600}>{money(lines.reduce((sum, l) => sum + l.amount, 0))}</Text>
                  </Table.Td>
                </Table.Tr>
              </Fragment>
            ))}
            <Table.Tr>
              <Table.Td colSpan={5} ta="right">
                <Text fw={700}>{t('app.purchasing.total')}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text fw={700} data-testid="purchasing-total">
                  {money(report.total)}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {report.money.length > 0 && <PaidAndOutstanding rows={report.money} />}
    </Stack>
  );
}

/** Each purchase's money: its total with tax, what was paid and credited, what is left (docs/payments.md). */
function PaidAndOutstanding({ rows }: { rows: PurchasingReport['money'] }) {
  const money = useMoney();
  const t = useT();
  const sum = (pick: (row: PurchasingReport['money'][number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return (
    <Stack gap="xs">
      <Title order={3} fz="lg">
        {t('app.purchasing.money')}
      </Title>
      <Table withTableBorder striped data-testid="purchasing-money">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('app.purchasing.unit')}</Table.Th>
            <Table.Th ta="right">{t('app.payments.total')}</Table.Th>
            <Table.Th ta="right">{t('app.payments.paid')}</Table.Th>
            <Table.Th ta="right">{t('app.payments.credited')}</Table.Th>
            <Table.Th ta="right">{t('app.payments.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.unit}-${row.floor}`}>
              <Table.Td>{row.unit}</Table.Td>
              <Table.Td ta="right">{money(row.gross)}</Table.Td>
              <Table.Td ta="right">{money(row.paid)}</Table.Td>
              <Table.Td ta="right">{money(row.credits)}</Table.Td>
              <Table.Td ta="right">{money(row.outstanding)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>
              <Text fw={700}>{t('app.purchasing.total')}</Text>
            </Table.Td>
            <Table.Td ta="right">{money(sum((row) => row.gross))}</Table.Td>
            <Table.Td ta="right">{money(sum((row) => row.paid))}</Table.Td>
            <Table.Td ta="right">{money(sum((row) => row.credits))}</Table.Td>
            <Table.Td ta="right">
              <Text fw={700} data-testid="purchasing-outstanding">
                {money(sum((row) => row.outstanding))}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
