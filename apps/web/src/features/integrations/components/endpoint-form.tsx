import { useState } from 'react';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@decor/core';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { createEndpoint, endpointsQuery } from '../api/integrations.ts';

/** A new endpoint: its address, what it hears, a description; answers the signing secret, once. */
export function EndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [includeCommentText, setIncludeCommentText] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const created = await createEndpoint({
        url,
        description,
        events: events as WebhookEventType[],
        includeCommentText,
      });
      await queryClient.invalidateQueries({ queryKey: endpointsQuery.queryKey });
      setUrl('');
      setDescription('');
      setEvents([]);
      onCreated(created.secret);
    } catch (caught) {
      setError(errorText(caught, 'app.integrations.not-saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" component="form" onSubmit={(event) => (event.preventDefault(), void save())}>
      <TextInput
        label={t('app.integrations.url')}
        description={t('app.integrations.url-help')}
        placeholder="https://erp.example.com/hooks/decor"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        required
        type="url"
      />
      <TextInput
        label={t('app.integrations.description')}
        value={description}
        maxLength={500}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <Checkbox.Group label={t('app.integrations.events')} value={events} onChange={setEvents} required>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              value={type}
              label={t('app.integrations.event', { type: type.replace(/[._]/g, '') })}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Switch
        label={t('app.integrations.comment-text')}
        checked={includeCommentText}
        onChange={(event) => setIncludeCommentText(event.currentTarget.checked)}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={saving} disabled={!url || !events.length}>
          {t('app.integrations.add-endpoint')}
        </Button>
      </Group>
    </Stack>
  );
}
