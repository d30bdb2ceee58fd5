import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type CartMoney, isoDayOf, type LedgerKind, PAYMENT_METHODS, type PaymentMethod } from '@decor/core';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useProject } from '../../../lib/project.ts';
import { useZone } from '../../../lib/use-dates.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { cartMoneyQuery, recordLedgerEntry } from '../api/payments.ts';

/**
 * The staff's way to record a payment received offline, a refund or a credit note on a signed
 * selection (docs/payments.md, "The ledger"). The server checks everything again: a refund
 * beyond what was paid, a day after today, a missing reason are refused in words.
 */
export function LedgerForm({ cartId, entries }: { cartId: string; entries: CartMoney['entries'] }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { data: project } = useProject();
  const zone = useZone();
  const today = isoDayOf(new Date(), zone.timeZone);
  const [kind, setKind] = useState<LedgerKind>('payment');
  const [method, setMethod] = useState<PaymentMethod | null>('cheque');
  const [amount, setAmount] = useState<number | null | undefined>(null);
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [reason, setReason] = useState('');
  // A refund names the payment it gives back; a card payment's goes back to the card, through Stripe.
  const payments = entries.filter((entry) => entry.kind === 'payment');
  const [refundOf, setRefundOf] = useState<string | null>(null);
  const givenBack = kind === 'refund' ? payments.find((entry) => entry._id === refundOf) : undefined;
  const toCard = givenBack?.method === 'card';
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const save = async () => {
    if (!amount) return;
    setSaving(true);
    setSaid(null);
    try {
      const money = await recordLedgerEntry(cartId, {
        kind,
        ...(toCard ? { method: 'card' as const } : kind !== 'credit' && method ? { method } : {}),
        ...(givenBack ? { refundOf: givenBack._id } : {}),
        amount,
        reference,
        paidOn,
        reason,
      });
      queryClient.setQueryData(cartMoneyQuery(cartId).queryKey, money);
      void queryClient.invalidateQueries({ queryKey: ['payments', 'list'] });
      setSaid({ ok: true, text: t('app.payments.recorded', { number: money.entries.at(-1)?.receiptNumber ?? 0 }) });
      setAmount(null);
      setReference('');
      setReason('');
    } catch (caught) {
      setSaid({ ok: false, text: errorText(caught, 'app.payments.not-recorded') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => (event.preventDefault(), void save())}
      aria-labelledby="ledger-form"
    >
      <Title order={3} size="h4" id="ledger-form">
        {t('app.payments.record')}
      </Title>
      <SegmentedControl
        aria-label={t('app.payments.record-kind')}
        value={kind}
        onChange={(value) => setKind(value as LedgerKind)}
        data={(['payment', 'refund', 'credit'] as const).map((value) => ({
          value,
          label: t('app.payments.entry', { kind: value }),
        }))}
        fullWidth
      />
      <Group grow align="flex-start" wrap="wrap" gap="xs">
        <NumberField
          label={t('app.payments.amount')}
          money={{ currency: project?.currency ?? 'CAD' }}
          locale={zone.locale}
          min={1}
          value={amount}
          onChange={setAmount}
          required
          testId="ledger-amount"
        />
        {kind !== 'credit' && !toCard && (
          <Select
            label={t('app.payments.method-label')}
            data={PAYMENT_METHODS.filter((m) => m !== 'card').map((value) => ({
              value,
              label: t('app.payments.method', { method: value }),
            }))}
            value={method}
            onChange={(value) => setMethod(value as PaymentMethod | null)}
            allowDeselect={false}
            miw={180}
          />
        )}
        <TextInput
          label={t('app.payments.paid-on')}
          type="date"
          max={today}
          value={paidOn}
          onChange={(event) => setPaidOn(event.currentTarget.value)}
          miw={160}
        />
      </Group>
      {kind === 'refund' && payments.length > 0 && (
        <RefundOf payments={payments} value={givenBack?._id ?? null} onChange={setRefundOf} toCard={toCard} />
      )}
      <EntryWords kind={kind} reference={reference} onReference={setReference} reason={reason} onReason={setReason} />
      {said &&
        (said.ok ? (
          <Text c="teal.8" role="status">
            {said.text}
          </Text>
        ) : (
          <Alert color="red" role="alert">
            {said.text}
          </Alert>
        ))}
      <Group justify="flex-end">
        <Button type="submit" loading={saving} disabled={!amount}>
          {t('app.payments.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The entry's reference and reason (a reason is required for a refund or a credit). */
function EntryWords({
  kind,
  reference,
  onReference,
  reason,
  onReason,
}: {
  kind: LedgerKind;
  reference: string;
  onReference: (value: string) => void;
  reason: string;
  onReason: (value: string) => void;
}) {
  const t = useT();
  return (
    <>
      <TextInput
        label={t('app.payments.reference-label')}
        description={t('app.payments.reference-help')}
        value={reference}
        maxLength={100}
        onChange={(event) => onReference(event.currentTarget.value)}
      />
      <Textarea
        label={t('app.payments.reason')}
        description={t('app.payments.reason-help')}
        value={reason}
        maxLength={500}
        required={kind !== 'payment'}
        onChange={(event) => onReason(event.currentTarget.value)}
        autosize
        minRows={1}
      />
    </>
  );
}

/** Which payment a refund gives back: a card payment's refund goes to the card, through Stripe. */
function RefundOf({
  payments,
  value,
  onChange,
  toCard,
}: {
  payments: CartMoney['entries'];
  value: string | null;
  onChange: (value: string | null) => void;
  toCard: boolean;
}) {
  const t = useT();
  const money = useMoney();
  return (
    <Stack gap={4}>
      <NativeSelect
        label={t('app.payments.refund-of')}
        data={[
          { value: '', label: t('app.payments.refund-of-none') },
          ...payments.map((entry) => ({
            value: entry._id,
            label: t('app.payments.refund-of-entry', {
              number: entry.receiptNumber,
              method: t('app.payments.method', { method: entry.method ?? 'other' }),
              amount: money(entry.amount),
            }),
          })),
        ]}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || null)}
        data-testid="refund-of"
      />
      {toCard && (
        <Text size="sm" c="dimmed">
          {t('app.payments.refund-card-note')}
        </Text>
      )}
    </Stack>
  );
}
