import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@decor/core';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { ZonedDateTimeInput } from '../../../components/ui/zoned-date-time-input.tsx';
import { deliveriesQuery, replayOne, replaySince } from '../api/integrations.ts';

const COLOUR = { delivered: 'teal', pending: 'yellow', failed: 'red' } as const;

/** An endpoint's deliveries, newest first, each with its last attempt; replay one, or everything since a moment. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const dates = useDates();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({ ...deliveriesQuery(endpointId), refetchInterval: 5_000 });
  const [since, setSince] = useState<string | null | undefined>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const replay = async (run: () => Promise<{ queued: number }>) => {
    setSaid(null);
    try {
      const { queued } = await run();
      setSaid({ ok: true, text: t('app.integrations.replayed', { count: queued }) });
      await queryClient.invalidateQueries({ queryKey: deliveriesQuery(endpointId).queryKey });
    } catch (caught) {
      setSaid({ ok: false, text: errorText(caught, 'app.integrations.not-saved') });
    }
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <ZonedDateTimeInput label={t('app.integrations.replay-since')} value={since} onChange={setSince} w={260} />
        <Button
          variant="light"
          disabled={!since}
          onClick={() => since && void replay(() => replaySince(endpointId, since))}
        >
          {t('app.integrations.replay-all')}
        </Button>
      </Group>
      {said && (
        <Alert color={said.ok ? 'teal' : 'red'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </Alert>
      )}
      {isPending ? null : !data?.length ? (
        <Text c="dimmed" size="sm">
          {t('app.integrations.no-deliveries')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('app.integrations.col-event')}</Table.Th>
                <Table.Th>{t('app.integrations.col-status')}</Table.Th>
                <Table.Th>{t('app.integrations.col-last')}</Table.Th>
                <Table.Th>{t('app.integrations.col-answer')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((delivery) => (
                <DeliveryRow
                  key={delivery._id}
                  delivery={delivery}
                  at={dates.dateTime}
                  onReplay={() => void replay(() => replayOne(endpointId, delivery._id))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function DeliveryRow({
  delivery,
  at,
  onReplay,
}: {
  delivery: WebhookDelivery;
  at: (value: string | null) => string;
  onReplay: () => void;
}) {
  const t = useT();
  const last = delivery.lastAttempt;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {delivery.type}
        </Text>
        <Text size="xs" c="dimmed">
          {at(delivery.occurredAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={COLOUR[delivery.status]} variant="light">
          {t('app.integrations.delivery', { status: delivery.status })}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('app.integrations.attempts', { count: delivery.attempts })}
          {delivery.nextAttemptAt ? ` · ${t('app.integrations.next', { at: at(delivery.nextAttemptAt) })}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        {last ? (
          <Text size="sm">
            {last.status ?? '—'} · {t('app.integrations.duration', { ms: last.durationMs })}
            <Text span size="xs" c="dimmed" display="block">
              {at(last.at)}
            </Text>
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td maw={260}>
        <Text size="xs" ff="monospace" lineClamp={2} style={{ wordBreak: 'break-all' }}>
          {last?.error ?? last?.response ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          onClick={onReplay}
          aria-label={t('app.integrations.replay-one', { type: delivery.type })}
        >
          {t('app.integrations.replay')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
