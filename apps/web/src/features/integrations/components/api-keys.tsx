import { useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_SCOPES, type ApiScope } from '@decor/core';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { ZonedDateTimeInput } from '../../../components/ui/zoned-date-time-input.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { apiKeysQuery, createApiKey, revokeApiKey } from '../api/integrations.ts';
import { ShownOnce } from './shown-once.tsx';

/** The project's API keys (docs/integrations.md, "API keys"): made with scopes and an expiry, shown once, revoked at once. */
export function ApiKeys() {
  const t = useT();
  const [token, setToken] = useState<string | null>(null);
  return (
    <SectionCard title={t('app.integrations.keys')}>
      <Text size="sm" c="dimmed">
        {t('app.integrations.keys-help')}
      </Text>
      {token && <ShownOnce label={t('app.integrations.key')} value={token} onClose={() => setToken(null)} />}
      <KeyTable />
      <KeyForm onCreated={setToken} />
    </SectionCard>
  );
}

/** The keys, revoked ones too, each with its scopes, maker, last use and expiry. */
function KeyTable() {
  const t = useT();
  const errorText = useErrorText();
  const dates = useDates();
  const queryClient = useQueryClient();
  const { data: keys = [] } = useQuery(apiKeysQuery);
  const [error, setError] = useState<string | null>(null);
  const revoke = async (id: string) => {
    setError(null);
    try {
      await revokeApiKey(id);
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
    } catch (caught) {
      setError(errorText(caught, 'app.integrations.not-saved'));
    }
  };
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {keys.length === 0 ? (
        <Text size="sm">{t('app.integrations.no-keys')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('app.integrations.key-name')}</Table.Th>
                <Table.Th>{t('app.integrations.scopes')}</Table.Th>
                <Table.Th>{t('app.integrations.key-used')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <Table.Tr key={key._id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {key.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {key.hint}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('app.integrations.key-made', { by: key.createdByName ?? '—', at: dates.date(key.createdAt) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {key.scopes.map((scope) => (
                        <Code key={scope}>{scope}</Code>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {key.lastUsedAt ? dates.dateTime(key.lastUsedAt) : t('app.integrations.never')}
                    </Text>
                    {key.expiresAt && (
                      <Text size="xs" c="dimmed">
                        {t('app.integrations.expires', { at: dates.dateTime(key.expiresAt) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {key.revokedAt ? (
                      <Badge color="gray" variant="light">
                        {t('app.integrations.revoked')}
                      </Badge>
                    ) : (
                      <TwoClickDelete
                        size="xs"
                        onConfirm={() => void revoke(key._id)}
                        confirmLabel={t('app.integrations.revoke-confirm')}
                      >
                        {t('app.integrations.revoke')}
                      </TwoClickDelete>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** A new key: its name, scopes and expiry (in the project's zone); answers the key, once. */
function KeyForm({ onCreated }: { onCreated: (token: string) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiresAt, setExpiresAt] = useState<string | null | undefined>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const created = await createApiKey({ name, scopes: scopes as ApiScope[], expiresAt: expiresAt ?? null });
      onCreated(created.token);
      setName('');
      setScopes([]);
      setExpiresAt(null);
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
    } catch (caught) {
      setError(errorText(caught, 'app.integrations.not-saved'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card withBorder>
      <Stack gap="sm" component="form" onSubmit={(event) => (event.preventDefault(), void save())}>
        <TextInput
          label={t('app.integrations.key-name')}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
          required
        />
        <Checkbox.Group label={t('app.integrations.scopes')} value={scopes} onChange={setScopes} required>
          <Stack gap={6} mt={6}>
            {API_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={t('app.integrations.scope', { scope: scope.replace(/:/g, '') })}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <ZonedDateTimeInput
          label={t('app.integrations.expiry')}
          description={t('app.integrations.expiry-help')}
          value={expiresAt}
          onChange={setExpiresAt}
          w={260}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={!name.trim() || !scopes.length || expiresAt === undefined}>
            {t('app.integrations.create-key')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
