import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adjustmentLabel, changeOrderNumber, type ChangeOrder } from '@decor/core';
import { api } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';

/** The change-order document of a cart, refetched whenever the cart's version moves; asked only of a change order. */
function changeOrderQuery(cartId: string, version: number, revision: number) {
  return {
    queryKey: ['cart', cartId, 'change-order', version],
    enabled: changeOrderNumber(revision) !== null,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<{ changeOrder: ChangeOrder | null }>(`/api/carts/${cartId}/change-order`, { signal }),
  };
}

const named = (lines: ChangeOrder['changes'][number]['before'], nothing: string) =>
  lines.map((line) => `${line.name}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`).join(', ') || nothing;

/**
 * What a change order changes from the purchase in force (docs/selection-rules.md, "Change
 * orders"): each place that moved, the fees added or removed, the approved and the new total
 * — what the buyer signs and the design centre approves. Nothing for other selections.
 */
export function ChangeOrderSummary({
  cartId,
  version,
  revision,
  money,
  dateTime,
}: {
  cartId: string;
  version: number;
  /** The cart's revision: the first is no change order, and nothing is asked. */
  revision: number;
  money: (minor: number) => string;
  dateTime: (iso: string) => string;
}) {
  const { data } = useQuery(changeOrderQuery(cartId, version, revision));
  const order = data?.changeOrder;
  const t = useT();
  if (!order) return null;
  const signed = (amount: number) => (amount < 0 ? `−${money(-amount)}` : `+${money(amount)}`);
  return (
    <Card withBorder radius="md" padding="md" data-testid="change-order-summary">
      <Stack gap="xs">
        <Title order={3} fz="lg">
          {t('pdf.change-order', { number: order.number })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('pdf.compared', { date: dateTime(order.approved.approvedAt) }).replace(/\.\.$/, '.')}
        </Text>
        {order.changes.length === 0 ? (
          <Text size="sm">{t('app.change-order.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing={6} layout="fixed">
              <Table.Tbody>
                {order.changes.map((change) => (
                  <Table.Tr key={`${change.room}-${change.category}`} data-testid="change-order-line">
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {[change.roomName, change.categoryName].filter(Boolean).join(' · ')}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        <Text span td="line-through" c="dimmed" size="sm">
                          {named(change.before, t('pdf.nothing'))}
                        </Text>{' '}
                        → {named(change.after, t('pdf.nothing'))}
                      </Text>
                    </Table.Td>
                    <Table.Td w={120} ta="right">
                      {signed(change.difference)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {[
          ...order.added.map((fee) => ({ ...fee, word: t('pdf.added') })),
          ...order.removed.map((fee) => ({ ...fee, amount: -fee.amount, word: t('pdf.removed') })),
        ].map((fee) => (
          <Group key={`${fee.word}-${fee.label}`} justify="space-between" wrap="nowrap">
            <Text size="sm">{t('app.change-order.fee', { word: fee.word, label: adjustmentLabel(fee, t) })}</Text>
            <Text size="sm">{signed(fee.amount)}</Text>
          </Group>
        ))}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('pdf.approved-total')}
          </Text>
          <Text size="sm">{money(order.approved.total)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('pdf.new-total')}
          </Text>
          <Text size="sm" fw={600} data-testid="change-order-total">
            {money(order.total)} ({signed(order.difference)})
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
