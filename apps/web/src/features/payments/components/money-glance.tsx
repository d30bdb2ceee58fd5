import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type CartMoney, isoCalendarDay, scheduleItemDue, scheduleItemName, selectKey } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { cartMoneyQuery } from '../api/payments.ts';

/*
 * A signed selection's money at a glance (docs/payments.md), and the small parts the payment
 * screens share with it: kept apart from the ledger's forms and the payment instructions' text,
 * so that My home does not load them (docs/performance.md, "Page weight").
 */

type ScheduleLine = CartMoney['schedule'][number];

export const STATE_COLOUR: Record<ScheduleLine['state'], string> = {
  paid: 'teal',
  'part-paid': 'blue',
  due: 'orange',
  overdue: 'red',
  upcoming: 'gray',
};

/** A state's badge is never cut short: its words wrap inside it when the line is narrow. */
export const WHOLE_BADGE = {
  root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' },
} as const;

/** A day written as `YYYY-MM-DD`, in the reader's words. */
export function useDay() {
  const dates = useDates();
  return (day: string) => dates.day(isoCalendarDay(day));
}

/** An amount with its words before it, the words dimmed: "Paid $2,718.24". */
export function LabelledAmount({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Text size="sm" fw={strong ? 600 : undefined}>
      <Text span c="dimmed" inherit>
        {label}
      </Text>{' '}
      {amount}
    </Text>
  );
}

/** The balance as a person reads it: what is left to pay, or, below zero, what is owed back to them. */
export function balanceLine(balance: number) {
  return { key: balance < 0 ? 'app.payments.owed-back' : 'app.payments.balance', amount: Math.abs(balance) } as const;
}

/** My home's glance at a signed selection's money: the next amount and when, what is paid, what is left. */
export function MoneyGlance({ cartId }: { cartId: string }) {
  const t = useT();
  const money = useMoney();
  const day = useDay();
  const { data } = useQuery(cartMoneyQuery(cartId));
  if (!data?.signed) return null;
  const next = data.schedule.find((line) => line.state !== 'paid');
  const balance = balanceLine(data.totals.balance);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="money-glance"
      data-testid="money-glance"
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" id="money-glance">
            {t('app.payments.title')}
          </Text>
          {next ? (
            <>
              <Text fz={22} fw={700}>
                {money(next.amount - next.covered)} · {scheduleItemName(next, t)}
              </Text>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {scheduleItemDue(next, t, day)}
                </Text>
                <Badge color={STATE_COLOUR[next.state]} variant="light" styles={WHOLE_BADGE}>
                  {t('app.payments.state', { state: selectKey(next.state) })}
                </Badge>
              </Group>
            </>
          ) : (
            <Badge color="teal" variant="light" styles={WHOLE_BADGE}>
              {t('app.payments.state', { state: 'paid' })}
            </Badge>
          )}
        </Stack>
        <Stack gap={2} align="flex-end">
          <LabelledAmount label={t('app.payments.paid')} amount={money(data.totals.paid)} />
          <LabelledAmount label={t(balance.key)} amount={money(balance.amount)} strong />
        </Stack>
      </Group>
    </Card>
  );
}
