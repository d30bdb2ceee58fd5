import { Fragment, useState } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
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
  const { download: save, isDownloading, error } = useDownload('The CSV could not be made.');
  const download = () => save('/api/manage/purchasing.csv');
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="default" onClick={download} loading={isDownloading}>
          Purchasing CSV
        </Button>
        <Button variant="default" onClick={() => setOpen(true)}>
          Purchase summary
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Modal opened={isOpen} onClose={() => setOpen(false)} fullScreen title="Purchase summary">
        {isOpen && <Summary />}
      </Modal>
    </Stack>
  );
}

function Summary() {
  const report = useQuery(purchasingQuery);
  if (report.isError) return <Alert color="red">{report.error instanceof ApiError ? report.error.message : 'The summary could not be loaded.'}</Alert>;
  if (!report.data) return <Skeleton h={300} />;
  return <Report report={report.data} />;
}

function Report({ report }: { report: PurchasingReport }) {
  const { data: project } = useProject();
  const money = useMoney();
  const date = useDateFormat();
  const byVendor = new Map<string, PurchasingReport['lines']>();
  for (const line of report.lines) byVendor.set(line.vendor, [...(byVendor.get(line.vendor) ?? []), line]);
  return (
    <Stack gap="md" data-print-area>
      {/* Printing shows this summary only, not the page behind it. */}
      <style>{'@media print { body > *:not(:has([data-print-area])) { display: none !important; } .no-print { display: none !important; } }'}</style>
      <Group justify="space-between" align="start">
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {project?.name}: approved selections for purchasing
          </Title>
          <Text c="dimmed">
            {report.purchases} approved selections
            {report.changeOrdersOpen > 0
              ? ` (${report.changeOrdersOpen} with a change order open: the approved one stays in force until it is approved)`
              : ''}{' '}
            · {money(report.total)} · printed {date(new Date().toISOString(), true)}
          </Text>
        </Stack>
        <Button className="no-print" onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      {report.lines.length === 0 ? (
        <Text c="dimmed">No selection has been approved yet.</Text>
      ) : (
        <Table withTableBorder striped data-testid="purchasing-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Room</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...byVendor.entries()].map(([vendor, lines]) => (
              <Fragment key={vendor || 'none'}>
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text fw={700}>{vendor || 'Adjustments and fees'}</Text>
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
                          change order open
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
                      {vendor || 'Adjustments'} total
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
                <Text fw={700}>Total of the approved purchases</Text>
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
    </Stack>
  );
}
