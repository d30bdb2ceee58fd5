import { Alert, Badge, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_STATES, type PaymentRow, type PaymentState, selectKey } from '@decor/core';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { paymentsListQuery } from '../api/payments.ts';

const STATE_COLOUR: Record<PaymentState, string> = { overdue: 'red', due: 'orange', open: 'gray', paid: 'teal' };

/** `/manage/payments`: every signed selection's money, overdue first, filtered by its state (docs/payments.md). */
export function PaymentsList({
  state,
  onState,
}: {
  state: PaymentState | undefined;
  onState: (state: PaymentState | undefined) => void;
}) {
  const t = useT();
  const query = useQuery(paymentsListQuery(state));
  const order = (row: PaymentRow) => PAYMENT_STATES.indexOf(row.state);
  const rows = [...(query.data ?? [])].sort(
    (a, b) => order(a) - order(b) || a.unit.name.localeCompare(b.unit.name, undefined, { numeric: true }),
  );
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('app.payments.filter')}
        value={state ?? 'all'}
        onChange={(value) => onState(value === 'all' ? undefined : (value as PaymentState))}
        data={[
          { value: 'all', label: t('app.payments.all') },
          ...PAYMENT_STATES.map((value) => ({ value, label: t('app.payments.list-state', { state: value }) })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {query.isPending ? (
        <Skeleton height={160} />
      ) : query.isError ? (
        <Alert color="red">{t('app.payments.not-loaded')}</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('app.payments.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="payments-list">
          {rows.map((row) => (
            <PaymentCard key={row.cart} row={row} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PaymentCard({ row }: { row: PaymentRow }) {
  const t = useT();
  const money = useMoney();
  const dates = useDates();
  const day = (text: string) => {
    const [year, month, date] = text.split('-').map(Number) as [number, number, number];
    return dates.day({ year, month, day: date });
  };
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <AnchorLink to="/manage/carts/{-$id}" params={{ id: row.cart }} fw={600}>
            {t('app.payments.home')} {row.unit.name}
          </AnchorLink>
          <Text size="sm" c="dimmed">
            {row.next
              ? [
                  t('app.payments.next'),
                  money(row.next.amount),
                  row.next.label ?? t('app.payments.kind', { kind: selectKey(row.next.kind), revision: 0 }),
                  row.next.dueDay
                    ? day(row.next.dueDay)
                    : row.next.stage
                      ? t('app.payments.due-stage', { stage: row.next.stage })
                      : '',
                ]
                  .filter(Boolean)
                  .join(' · ')
              : t('app.payments.list-state', { state: 'paid' })}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Badge color={STATE_COLOUR[row.state]} variant="light">
            {row.state === 'overdue'
              ? t('app.payments.overdue-amount', { amount: money(row.overdue) })
              : t('app.payments.list-state', { state: row.state })}
          </Badge>
          <Text size="sm">
            <Text span c="dimmed" inherit>
              {t('app.payments.paid')}
            </Text>{' '}
            {money(row.paid)} / {money(row.gross)}
          </Text>
          <Text size="sm" fw={600}>
            <Text span c="dimmed" inherit>
              {t(row.balance < 0 ? 'app.payments.owed-back' : 'app.payments.balance')}
            </Text>{' '}
            {money(Math.abs(row.balance))}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
