import { Alert, Anchor, Badge, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type CartMoney, scheduleItemDue, scheduleItemName, selectKey } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { balanceLine, STATE_COLOUR, useDay, WHOLE_BADGE } from './money-glance.tsx';
import { SafeMarkdown } from '../../../components/ui/safe-markdown.tsx';
import { myCartsQuery } from '../../../lib/cart-summary.ts';
import { cartMoneyQuery } from '../api/payments.ts';
import { LedgerForm } from './ledger-form.tsx';
import { CardPayment, CardReturn } from './card-payment.tsx';

/** A line of figures: words at the left, the amount at the right. */
function Figure({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
}

/**
 * A selection's money (docs/payments.md): the signed total with its taxes, what is due and
 * when, what was received, and how to pay offline. The staff also record entries here.
 */
export function SelectionMoney({ cartId, staff }: { cartId: string; staff: boolean }) {
  const t = useT();
  const money = useMoney();
  const day = useDay();
  const query = useQuery(cartMoneyQuery(cartId));
  const data = query.data;
  const balance = balanceLine(data?.totals.balance ?? 0);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="payments-title" maw={960}>
      <Stack gap="sm">
        <Title order={2} size="h3" id="payments-title">
          {t('app.payments.title')}
        </Title>
        {!staff && <CardReturn cartId={cartId} />}
        {query.isPending ? (
          <Skeleton height={120} />
        ) : !data ? (
          <Alert color="red">{t('app.payments.not-loaded')}</Alert>
        ) : !data.signed ? (
          <Text c="dimmed">{t(staff ? 'app.payments.staff-not-signed' : 'app.payments.not-signed')}</Text>
        ) : (
          <>
            <Stack gap={4} data-testid="payment-totals">
              <Figure label={t('app.payments.before-tax')} amount={money(data.signed.net)} />
              {data.signed.taxes.map((tax) => (
                <Figure
                  key={tax.name}
                  label={t('app.payments.tax', { name: tax.name, rate: tax.rate })}
                  amount={money(tax.amount)}
                />
              ))}
              <Figure label={t('app.payments.total')} amount={money(data.signed.gross)} strong />
            </Stack>
            <Divider />
            <Title order={3} size="h4">
              {t('app.payments.schedule')}
            </Title>
            <Stack
              gap="xs"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              data-testid="payment-schedule"
            >
              {data.schedule.map((line) => (
                <Group key={line.id} component="li" justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600}>{scheduleItemName(line, t)}</Text>
                    <Text size="sm" c="dimmed">
                      {scheduleItemDue(line, t, day)}
                    </Text>
                  </Stack>
                  <Stack gap={2} align="flex-end">
                    <Text style={{ whiteSpace: 'nowrap' }}>{money(line.amount)}</Text>
                    <Badge color={STATE_COLOUR[line.state]} variant="light" styles={WHOLE_BADGE}>
                      {t('app.payments.state', { state: selectKey(line.state) })}
                    </Badge>
                  </Stack>
                </Group>
              ))}
            </Stack>
            <Divider />
            <Stack gap={4}>
              <Figure label={t('app.payments.paid')} amount={money(data.totals.paid)} />
              {data.totals.credits > 0 && (
                <Figure label={t('app.payments.credited')} amount={money(data.totals.credits)} />
              )}
              <Figure label={t(balance.key)} amount={money(balance.amount)} strong />
            </Stack>
            {!staff && <CardPayment cartId={cartId} data={data} />}
            <Entries cartId={cartId} data={data} day={day} />
            {data.offline.instructions && (
              <Stack gap={4}>
                <Title order={3} size="h4">
                  {t('app.payments.offline')}
                </Title>
                <SafeMarkdown>{data.offline.instructions}</SafeMarkdown>
                <Text fw={600}>{t('app.payments.reference', { reference: data.offline.reference })}</Text>
              </Stack>
            )}
          </>
        )}
        {staff && data?.signed && <LedgerForm cartId={cartId} entries={data.entries} />}
      </Stack>
    </Card>
  );
}

/** What was received, refunded and credited, oldest first, each with its receipt number. */
function Entries({ cartId, data, day }: { cartId: string; data: CartMoney; day: (day: string) => string }) {
  const t = useT();
  const money = useMoney();
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('app.payments.entries')}
      </Title>
      {data.entries.length === 0 ? (
        <Text c="dimmed">{t('app.payments.none-yet')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="ledger">
          {data.entries.map((entry) => (
            <Group key={entry._id} component="li" justify="space-between" wrap="nowrap" align="flex-start" gap="md">
              <Stack gap={0}>
                <Text fw={600}>
                  {t('app.payments.entry', { kind: entry.kind })}
                  {entry.method ? ` · ${t('app.payments.method', { method: entry.method })}` : ''}
                </Text>
                <Text size="sm" c="dimmed">
                  <Anchor href={`/api/carts/${cartId}/receipts/${entry._id}`} download inherit>
                    {t('app.payments.receipt', { number: entry.receiptNumber })}
                  </Anchor>
                  {[day(entry.paidOn), entry.reference, entry.reason].filter(Boolean).map((part) => ` · ${part}`)}
                </Text>
              </Stack>
              <Text style={{ whiteSpace: 'nowrap' }}>
                {entry.kind === 'payment' ? money(entry.amount) : `−${money(entry.amount)}`}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** My selection's money (the buyer's first selection when none is named). */
export function BuyerMoney({ cartId }: { cartId?: string | undefined }) {
  const mine = useQuery({ ...myCartsQuery, enabled: !cartId });
  const id = cartId ?? mine.data?.[0]?._id;
  return id ? <SelectionMoney cartId={id} staff={false} /> : null;
}
