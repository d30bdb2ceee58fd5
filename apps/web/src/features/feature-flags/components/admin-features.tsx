import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FEATURE_KEY_PATTERN, type AdminProject } from '@decor/core';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY, adminProjectsQuery, featuresQuery, type FeatureFlag } from '../../../lib/admin-queries.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

/** `/admin/features`: the platform's flags (GET /api/env `features`), each overridable by a project. */
export function AdminFeatures() {
  const t = useT();
  const errorText = useErrorText();
  const flags = useQuery(featuresQuery);
  const projects = useQuery(adminProjectsQuery());
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [draft, setDraft] = useState({ key: '', description: '' });
  const [keyError, setKeyError] = useState<string | undefined>();

  const run = async (call: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    } catch (caught) {
      setMessage(errorText(caught, 'app.adm.flags.not-changed'));
    }
  };
  const setFlag = (flag: { key: string; enabled: boolean; description?: string }) =>
    run(() => api('/api/admin/features', { method: 'PUT', body: { description: '', ...flag } }));

  const add = async () => {
    const key = draft.key.trim();
    if (!FEATURE_KEY_PATTERN.test(key)) return setKeyError(t('app.adm.flags.key-pattern'));
    if (flags.data?.some((f) => f.key === key)) return setKeyError(t('app.adm.flags.key-taken'));
    setKeyError(undefined);
    await setFlag({ key, enabled: false, description: draft.description.trim() });
    setDraft({ key: '', description: '' });
  };

  if (flags.isError) return <Alert color="red">{t('app.adm.flags.not-loaded')}</Alert>;
  if (!flags.data) return <Skeleton h={200} />;
  return (
    <Stack gap="lg">
      {message && <Alert color="red">{message}</Alert>}
      {flags.data.length === 0 && <Text c="dimmed">{t('app.adm.flags.none')}</Text>}
      <Stack gap="sm">
        {flags.data.map((flag) => (
          <Card key={flag.key} withBorder radius="md" padding="md" data-testid="flag" data-key={flag.key}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Switch
                  label={flag.key}
                  description={flag.description || t('app.adm.flags.no-description')}
                  checked={flag.enabled}
                  onChange={(e) => void setFlag({ key: flag.key, enabled: e.currentTarget.checked })}
                />
                <TwoClickDelete
                  size="xs"
                  variant="subtle"
                  color="red"
                  onConfirm={() => void run(() => api(`/api/admin/features/${flag.key}`, { method: 'DELETE' }))}
                  confirmLabel={t('app.adm.remove-confirm')}
                >
                  {t('app.adm.remove')}
                </TwoClickDelete>
              </Group>
              <Overrides flag={flag} projects={projects.data ?? []} run={run} />
            </Stack>
          </Card>
        ))}
      </Stack>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Title order={2} fz="md">
            {t('app.adm.flags.new')}
          </Title>
          <Group align="end" wrap="wrap" gap="sm">
            <TextInput
              label={t('app.adm.flags.key')}
              placeholder="liveChat"
              value={draft.key}
              onChange={(e) => setDraft({ ...draft, key: e.currentTarget.value })}
              error={keyError}
              w={200}
            />
            <TextInput
              label={t('app.adm.flags.what')}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
              maxLength={200}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button onClick={() => void add()}>{t('app.adm.flags.add')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

const OVERRIDE_CHOICES = ['inherit', 'on', 'off'] as const;

/** Projects that set the flag for themselves; any project can be given its own setting. */
function Overrides({
  flag,
  projects,
  run,
}: {
  flag: FeatureFlag;
  projects: AdminProject[];
  run: (call: () => Promise<unknown>) => Promise<void>;
}) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const own = projects.filter((p) => typeof p.features[flag.key] === 'boolean');
  const setOverride = (project: AdminProject, choice: string) =>
    run(() =>
      api(`/api/projects/${project._id}`, {
        method: 'PATCH',
        body: { features: { [flag.key]: choice === 'inherit' ? null : choice === 'on' } },
      }),
    );
  const rows = isOpen ? projects : own;
  return (
    <Stack gap={4}>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {rows.map((project) => {
                const value = project.features[flag.key];
                return (
                  <Table.Tr key={project._id}>
                    <Table.Td>
                      <Text size="sm">{project.name}</Text>
                    </Table.Td>
                    <Table.Td w={180}>
                      <Select
                        size="xs"
                        aria-label={t('app.adm.flags.in', { flag: flag.key, project: project.name })}
                        data={OVERRIDE_CHOICES.map((value) => ({ value, label: t('app.adm.flags.choice', { value }) }))}
                        value={value === undefined ? 'inherit' : value ? 'on' : 'off'}
                        onChange={(choice) => choice && void setOverride(project, choice)}
                        allowDeselect={false}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => setOpen(!isOpen)}>
        {isOpen ? t('app.adm.flags.only-own') : t('app.adm.flags.set-one', { count: own.length })}
      </Button>
    </Stack>
  );
}
