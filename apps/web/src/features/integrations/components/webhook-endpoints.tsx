import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@decor/core';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { changeEndpoint, endpointsQuery, removeEndpoint, rotateSecret, sendTestEvent } from '../api/integrations.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointForm } from './endpoint-form.tsx';
import { ShownOnce } from './shown-once.tsx';

/** The project's webhook endpoints (docs/integrations.md): add, test, rotate, turn off, read the delivery log. */
export function WebhookEndpoints() {
  const t = useT();
  const { data: endpoints = [] } = useQuery({ ...endpointsQuery, refetchInterval: 5_000 });
  const [secret, setSecret] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);
  return (
    <SectionCard title={t('app.integrations.webhooks')}>
      <Text size="sm" c="dimmed">
        {t('app.integrations.webhooks-help')}
      </Text>
      {secret && <ShownOnce label={t('app.integrations.secret')} value={secret} onClose={() => setSecret(null)} />}
      {endpoints.length === 0 && !isAdding && (
        <Text size="sm" data-testid="no-endpoints">
          {t('app.integrations.no-endpoints')}
        </Text>
      )}
      {endpoints.map((endpoint) => (
        <EndpointCard key={endpoint._id} endpoint={endpoint} onSecret={setSecret} />
      ))}
      {isAdding ? (
        <Card withBorder>
          <EndpointForm
            onCreated={(created) => {
              setSecret(created);
              setAdding(false);
            }}
          />
        </Card>
      ) : (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t('app.integrations.new-endpoint')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const dates = useDates();
  const queryClient = useQueryClient();
  const [isLogOpen, setLogOpen] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const act = async (run: () => Promise<unknown>, done?: string) => {
    setSaid(null);
    try {
      await run();
      if (done) setSaid({ ok: true, text: done });
      await queryClient.invalidateQueries({ queryKey: ['integrations'] });
    } catch (caught) {
      setSaid({ ok: false, text: errorText(caught, 'app.integrations.not-saved') });
    }
  };
  const state = endpoint.enabled ? 'on' : endpoint.disabledReason === 'failing' ? 'failing' : 'off';
  return (
    <Card withBorder data-testid="endpoint">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          <Badge color={state === 'on' ? 'teal' : 'red'} variant="light">
            {t('app.integrations.state', { state })}
          </Badge>
        </Group>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        <Text size="xs" c="dimmed">
          {t('app.integrations.summary', { events: endpoint.events.length, pending: endpoint.pending })}
          {endpoint.lastDelivery
            ? ` · ${t('app.integrations.last', { at: dates.dateTime(endpoint.lastDelivery.at), ok: String(endpoint.lastDelivery.ok) })}`
            : ''}
          {` · ${t('app.integrations.secret-hint', { hint: endpoint.secretHint })}`}
        </Text>
        {endpoint.previousSecretUntil && (
          <Text size="xs" c="dimmed">
            {t('app.integrations.grace', { until: dates.dateTime(endpoint.previousSecretUntil) })}
          </Text>
        )}
        {said && (
          <Alert color={said.ok ? 'teal' : 'red'} role={said.ok ? 'status' : 'alert'} p="xs">
            {said.text}
          </Alert>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => void act(() => sendTestEvent(endpoint._id), t('app.integrations.test-sent'))}
          >
            {t('app.integrations.send-test')}
          </Button>
          <Button size="xs" variant="light" onClick={() => setLogOpen(!isLogOpen)} aria-expanded={isLogOpen}>
            {t('app.integrations.log')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => void act(async () => onSecret((await rotateSecret(endpoint._id)).secret))}
          >
            {t('app.integrations.rotate')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => void act(() => changeEndpoint(endpoint._id, { enabled: !endpoint.enabled }))}
          >
            {endpoint.enabled ? t('app.integrations.turn-off') : t('app.integrations.turn-on')}
          </Button>
          <TwoClickDelete
            size="xs"
            onConfirm={() => void act(() => removeEndpoint(endpoint._id))}
            confirmLabel={t('app.integrations.remove-confirm')}
          >
            {t('app.integrations.remove')}
          </TwoClickDelete>
        </Group>
        {isLogOpen && <DeliveryLog endpointId={endpoint._id} />}
      </Stack>
    </Card>
  );
}
