import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  isoDayOf,
  PAYMENT_STATES,
  type PaymentRow,
  paymentRowMatches,
  type PaymentsQuery,
  type PaymentState,
  scheduleItemName,
} from '@decor/core';
import { useDownload } from '../../../lib/use-download.ts';
import { useZone } from '../../../lib/use-dates.ts';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { paymentsListQuery } from '../api/payments.ts';
import { LabelledAmount, useDay, WHOLE_BADGE } from './money-glance.tsx';

const STATE_COLOUR: Record<PaymentState, string> = { overdue: 'red', due: 'orange', open: 'gray', paid: 'teal' };

/**
 * `/manage/payments`: every signed selection's money, overdue first, filtered by its state, floor,
 * plan and the day its next amount falls due (docs/payments.md) — the server's own filter.
 */
export function PaymentsList({
  filters,
  onFilters,
}: {
  filters: PaymentsQuery;
  onFilters: (filters: PaymentsQuery) => void;
}) {
  const t = useT();
  const query = useQuery(paymentsListQuery());
  const order = (row: PaymentRow) => PAYMENT_STATES.indexOf(row.state);
  const all = query.data ?? [];
  const rows = all
    .filter((row) => paymentRowMatches(row, filters))
    .sort((a, b) => order(a) - order(b) || a.unit.name.localeCompare(b.unit.name, undefined, { numeric: true }));
  return (
    <Stack gap="md">
      <AccountingExport />
      <SegmentedControl
        aria-label={t('app.payments.filter')}
        value={filters.state ?? 'all'}
        onChange={(value) => onFilters({ ...filters, state: value === 'all' ? undefined : (value as PaymentState) })}
        data={[
          { value: 'all', label: t('app.payments.all') },
          ...PAYMENT_STATES.map((value) => ({ value, label: t('app.payments.list-state', { state: value }) })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <ListFilters rows={all} filters={filters} onFilters={onFilters} />
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

/** The floor, the plan and the day by which the next amount falls due, each of what the list holds. */
function ListFilters({
  rows,
  filters,
  onFilters,
}: {
  rows: readonly PaymentRow[];
  filters: PaymentsQuery;
  onFilters: (filters: PaymentsQuery) => void;
}) {
  const t = useT();
  const floors = [...new Set(rows.map((row) => row.unit.floor).filter((floor) => floor !== null))].sort(
    (a, b) => a - b,
  );
  const plans = new Map(
    rows.flatMap((row) => (row.unit.plan ? [[row.unit.plan, row.unit.planName ?? row.unit.plan]] : [])),
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('app.payments.floor')}
        value={filters.floor === undefined ? '' : String(filters.floor)}
        onChange={(e) =>
          onFilters({ ...filters, floor: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })
        }
        data={[
          { value: '', label: t('app.payments.any') },
          ...floors.map((floor) => ({ value: String(floor), label: String(floor) })),
        ]}
        w={140}
      />
      <NativeSelect
        label={t('app.payments.plan')}
        value={filters.plan ?? ''}
        onChange={(e) => onFilters({ ...filters, plan: e.currentTarget.value || undefined })}
        data={[
          { value: '', label: t('app.payments.any') },
          ...[...plans].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label })),
        ]}
        w={200}
      />
      <TextInput
        label={t('app.payments.due-by')}
        type="date"
        value={filters.dueBy ?? ''}
        onChange={(e) => onFilters({ ...filters, dueBy: e.currentTarget.value || undefined })}
        w={170}
      />
    </Group>
  );
}

function PaymentCard({ row }: { row: PaymentRow }) {
  const t = useT();
  const money = useMoney();
  const day = useDay();
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
                  scheduleItemName(row.next, t),
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
          <Badge color={STATE_COLOUR[row.state]} variant="light" styles={WHOLE_BADGE}>
            {row.state === 'overdue'
              ? t('app.payments.overdue-amount', { amount: money(row.overdue) })
              : t('app.payments.list-state', { state: row.state })}
          </Badge>
          <LabelledAmount label={t('app.payments.paid')} amount={`${money(row.paid)} / ${money(row.gross)}`} />
          <LabelledAmount
            label={t(row.balance < 0 ? 'app.payments.owed-back' : 'app.payments.balance')}
            amount={money(Math.abs(row.balance))}
            strong
          />
        </Stack>
      </Group>
    </Card>
  );
}

/** The accounting export of a period (this month by default): every receipt, with taxes by name. */
function AccountingExport() {
  const t = useT();
  const zone = useZone();
  const today = isoDayOf(new Date(), zone.timeZone);
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const { download, isDownloading, error } = useDownload(t('app.payments.export-failed'));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('app.payments.export-from')}
        type="date"
        value={from}
        max={to}
        onChange={(e) => setFrom(e.currentTarget.value)}
        w={170}
      />
      <TextInput
        label={t('app.payments.export-to')}
        type="date"
        value={to}
        min={from}
        onChange={(e) => setTo(e.currentTarget.value)}
        w={170}
      />
      <Button
        variant="light"
        loading={isDownloading}
        onClick={() => void download(`/api/manage/payments.csv?from=${from}&to=${to}`)}
      >
        {t('app.payments.export')}
      </Button>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}

/** The dashboard's overdue payments: each selection with an amount past its day, linked to it, and to the list. */
export function OverduePayments() {
  const t = useT();
  const money = useMoney();
  const overdue = useQuery(paymentsListQuery('overdue'));
  if (!overdue.data?.length) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="payments-overdue">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{t('app.payments.overdue-title', { count: overdue.data.length })}</Text>
          <AnchorLink to="/manage/payments" search={{ state: 'overdue' }}>
            {t('app.payments.overdue-all')}
          </AnchorLink>
        </Group>
        {overdue.data.slice(0, 8).map((row) => (
          <Group key={row.cart} justify="space-between" wrap="wrap">
            <AnchorLink to="/manage/carts/{-$id}" params={{ id: row.cart }}>
              {t('app.payments.home')} {row.unit.name}
            </AnchorLink>
            <Text size="sm" c="red.8">
              {t('app.payments.overdue-amount', { amount: money(row.overdue) })}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
