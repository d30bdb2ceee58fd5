import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CartMoney, scheduleItemName } from '@decor/core';
import { useT } from '../../../lib/i18n.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { beginCardPayment, cardCheckoutQuery } from '../api/payments.ts';

/** How long the return page asks again while the processor has not yet said the payment went through. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLLS = 15;

/**
 * Paying by card (docs/payments.md, "Paying by card"): the buyer picks how far down the schedule to
 * pay (the next amount unless they pay ahead), and is sent to the processor's hosted page. The
 * amount shown is the schedule's; the server works it out again and asks for that.
 */
export function CardPayment({ cartId, data }: { cartId: string; data: CartMoney }) {
  const t = useT();
  const money = useMoney();
  // Each open amount with what paying up to it costs: it and every open amount before it.
  const open = useMemo(
    () =>
      data.schedule
        .filter((line) => line.state !== 'paid')
        .reduce<Array<{ line: CartMoney['schedule'][number]; upTo: number }>>(
          (list, line) => [...list, { line, upTo: (list.at(-1)?.upTo ?? 0) + line.amount - line.covered }],
          [],
        ),
    [data.schedule],
  );
  const [upTo, setUpTo] = useState<string | null>(null);
  // One key per choice while the page is open: a retried or doubled request opens one page.
  const keys = useRef(new Map<string, string>());
  const chosen = open.find((item) => item.line.id === upTo) ?? open[0];
  const begin = useMutation({
    mutationFn: (id: string) => {
      if (!keys.current.has(id)) keys.current.set(id, crypto.randomUUID());
      return beginCardPayment(cartId, id, keys.current.get(id)!);
    },
    onSuccess: (checkout) => window.location.assign(checkout.url),
  });
  if (!data.card || !chosen) return null;
  return (
    <Stack gap="xs" data-testid="card-payment">
      <Title order={3} size="h4">
        {t('app.payments.card-title')}
      </Title>
      {open.length > 1 && (
        <NativeSelect
          label={t('app.payments.card-up-to')}
          value={chosen.line.id}
          onChange={(event) => setUpTo(event.currentTarget.value)}
          data={open.map((item) => ({
            value: item.line.id,
            label: t('app.payments.card-option', { name: scheduleItemName(item.line, t), amount: money(item.upTo) }),
          }))}
          maw={420}
        />
      )}
      <Button
        onClick={() => begin.mutate(chosen.line.id)}
        loading={begin.isPending || begin.isSuccess}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('app.payments.card-pay', { amount: money(chosen.upTo) })}
      </Button>
      <Text size="sm" c="dimmed">
        {t('app.payments.card-secure')}
      </Text>
      {begin.isError && (
        <Alert color="red" role="alert">
          {begin.error instanceof ApiError ? begin.error.message : t('app.payments.card-failed')}
        </Alert>
      )}
    </Stack>
  );
}

/** The checkout the buyer comes back from (`?paid=` in the address), if any. */
function returnedCheckout(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('paid');
}

/**
 * What the buyer sees back from the hosted page: the payment recorded with its receipt, or, while
 * the processor has not said yet, that it is being confirmed (asked again for half a minute).
 */
export function CardReturn({ cartId }: { cartId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [checkoutId] = useState(returnedCheckout);
  const polls = useRef(0);
  const state = useQuery({
    ...cardCheckoutQuery(cartId, checkoutId ?? ''),
    enabled: checkoutId !== null,
    refetchInterval: (query) =>
      query.state.data?.state === 'open' && ++polls.current < CONFIRM_POLLS ? CONFIRM_POLL_MS : false,
  });
  const paid = state.data?.state === 'paid';
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: ['payments', cartId], exact: true });
  }, [paid, cartId, queryClient]);
  if (!checkoutId || !state.data) return null;
  if (paid)
    return (
      <Alert color="teal" role="status" data-testid="card-paid">
        {t('app.payments.card-paid')}{' '}
        {state.data.entryId && state.data.receiptNumber !== null && (
          <Anchor href={`/api/carts/${cartId}/receipts/${state.data.entryId}`} download inherit fw={600}>
            {t('app.payments.receipt', { number: state.data.receiptNumber })}
          </Anchor>
        )}
      </Alert>
    );
  return (
    <Alert color={state.data.state === 'open' ? 'blue' : 'gray'} role="status">
      {t(state.data.state === 'open' ? 'app.payments.card-waiting' : 'app.payments.card-not-paid')}
    </Alert>
  );
}
