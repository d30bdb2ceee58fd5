import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  JsonInput,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  projectConfigSchema,
  type MessageKey,
  type ProjectConfigView,
  type Translate,
  zodFieldIssues,
} from '@decor/core';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { currentOfConflict, reappliedDeep } from '../../../lib/versioned-draft.ts';
import { ConflictNotice } from '../../../components/ui/conflict-notice.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { changedFields } from '../../../components/back-office/audit-list.tsx';

const configQuery = (projectId: string) => ({
  queryKey: [...ADMIN_KEY, 'config', projectId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ProjectConfigView>(`/api/admin/projects/${projectId}/config`, { signal }),
});

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** `/admin/configs/{projectId?}`: a project's settings as validated JSON, a diff before saving, and its versions. */
export function AdminConfigs({ projectId }: { projectId?: string | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const projects = useQuery(adminProjectsQuery());
  return (
    <Stack gap="md">
      <Select
        label={t('app.adm.users.project')}
        placeholder={t('app.adm.choose-project')}
        data={(projects.data ?? []).map((p) => ({ value: p._id, label: `${p.name} (${p.key})` }))}
        value={projectId ?? null}
        onChange={(id) => id && void navigate({ to: '/admin/configs/{-$projectId}', params: { projectId: id } })}
        searchable
        allowDeselect={false}
        w={{ base: '100%', sm: 360 }}
      />
      {projectId ? (
        <ConfigEditor key={projectId} projectId={projectId} />
      ) : (
        <Text c="dimmed">{t('app.adm.configs.choose')}</Text>
      )}
    </Stack>
  );
}

/** The server's refusal, in words: its issues by field, or its sentence. */
function wordsOf(
  caught: unknown,
  t: Translate,
  errorText: (error: unknown, otherwise: MessageKey) => string,
): { text: string; issues: string[] } {
  if (caught instanceof ApiError && caught.code === 'conflict')
    return { text: t('app.adm.configs.conflict'), issues: [] };
  if (caught instanceof ApiError) {
    const issues = (
      (caught.details as { issues?: Array<{ field: string; message: string }> } | undefined)?.issues ?? []
    ).map((i) => `${i.field.replace(/^(body\.)?config\.?/, '') || t('app.adm.configs.document')}: ${i.message}`);
    return { text: errorText(caught, 'app.adm.configs.not-saved'), issues };
  }
  return { text: t('app.adm.configs.not-saved'), issues: [] };
}

/** The settings as typed, read as JSON and checked by the rules the server applies (an unknown key is named). */
function useCheckedConfig(shown: string) {
  const t = useT();
  const parsed = useMemo(() => {
    try {
      return { value: JSON.parse(shown) as unknown };
    } catch (error) {
      return { error: error instanceof Error ? error.message : 'JSON' };
    }
  }, [shown]);
  const localIssues = useMemo(() => {
    if (!('value' in parsed)) return [];
    const checked = projectConfigSchema.safeParse(parsed.value);
    if (checked.success) return [];
    const issues = zodFieldIssues(
      checked.error.issues.map((issue) => ({ ...issue, params: issue as unknown as Record<string, unknown> })),
    );
    return issues.map((issue) => `${issue.field || t('app.adm.configs.document')}: ${t(issue.key, issue.params)}`);
  }, [parsed, t]);
  return { parsed, localIssues };
}

function ConfigEditor({ projectId }: { projectId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const view = useQuery(configQuery(projectId));
  const [text, setText] = useState<string | null>(null);
  const [isReviewing, setReviewing] = useState(false);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  // What the server refused in the text as it was sent (shown beside the field until it changes).
  const [refused, setRefused] = useState<{ text: string; issues: string[] } | null>(null);
  const [restoreProblem, setRestoreProblem] = useState<{ version: number; text: string } | null>(null);
  const [isSaving, setSaving] = useState(false);
  // After a 409: the text the administrator had written, kept aside to put back in one click.
  const [aside, setAside] = useState<{ original: unknown; typed: unknown } | null>(null);

  const current = view.data;
  const shown = text ?? (current ? pretty(current.config) : '');
  const { parsed, localIssues } = useCheckedConfig(shown);
  const changes = current && 'value' in parsed ? changedFields(current.config, parsed.value) : [];
  const issues = localIssues.length ? localIssues : refused?.text === shown ? refused.issues : [];
  const fieldError =
    'error' in parsed
      ? t('app.adm.configs.not-json', { error: parsed.error ?? '' })
      : issues.length
        ? issues.join(' · ')
        : undefined;

  const afterSave = async (next: ProjectConfigView, words: string) => {
    queryClient.setQueryData(configQuery(projectId).queryKey, next);
    await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    setText(null);
    setAside(null);
    setReviewing(false);
    setRefused(null);
    setRestoreProblem(null);
    setMessage({ color: 'green', text: words });
  };
  const failed = (caught: unknown) => {
    const latest = currentOfConflict<ProjectConfigView>(caught);
    if (latest) {
      // Someone saved the settings meanwhile: the editor shows theirs, this text waits to be put back (lib/versioned-draft.ts).
      queryClient.setQueryData(configQuery(projectId).queryKey, latest);
      if (current && 'value' in parsed) setAside({ original: current.config, typed: parsed.value });
      setText(null);
      return;
    }
    const words = wordsOf(caught, t, errorText);
    setRefused({ text: shown, issues: words.issues });
    setMessage({
      color: caught instanceof ApiError && caught.code === 'conflict' ? 'orange' : 'red',
      text: words.issues.length
        ? t('app.adm.configs.not-saved-issues', { issues: words.issues.join(' · ') })
        : words.text,
    });
  };

  const save = async () => {
    if (!current || !('value' in parsed) || localIssues.length) return;
    setSaving(true);
    setMessage(null);
    try {
      await afterSave(
        await api<ProjectConfigView>(`/api/admin/projects/${projectId}/config`, {
          method: 'PUT',
          body: { config: parsed.value, _version: current._version },
        }),
        t('app.adm.configs.saved'),
      );
    } catch (caught) {
      failed(caught);
    } finally {
      setSaving(false);
    }
  };

  const restore = async (version: number) => {
    if (!current) return;
    setMessage(null);
    setRestoreProblem(null);
    try {
      await afterSave(
        await api<ProjectConfigView>(`/api/admin/projects/${projectId}/config/restore`, {
          method: 'POST',
          body: { version, _version: current._version },
        }),
        t('app.adm.configs.restored', { version }),
      );
    } catch (caught) {
      setRestoreProblem({ version, text: wordsOf(caught, t, errorText).text });
    }
  };

  if (view.isError) return <Alert color="red">{errorText(view.error, 'app.adm.configs.not-loaded')}</Alert>;
  if (!current) return <Skeleton h={320} />;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {current.project.name} <Badge variant="light">version {current._version}</Badge>
          </Title>
        </Group>
        {aside !== null && (
          <ConflictNotice
            fields={[t('app.adm.configs.settings')]}
            onReapply={() => {
              // What the administrator changed, key by key, over the current settings: someone else's changes stay.
              setText(pretty(reappliedDeep(current.config, aside.original, aside.typed)));
              setAside(null);
              setReviewing(true);
            }}
          />
        )}
        <JsonInput
          label={t('app.adm.configs.settings')}
          description="name, currency, options (locale, time zone, terms…), features and theme. Checked on the server before anything changes."
          value={shown}
          onChange={(value) => {
            setText(value);
            setReviewing(false);
          }}
          autosize
          minRows={12}
          maxRows={30}
          error={fieldError}
          styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } }}
          data-testid="config-json"
        />
        <Group gap="xs">
          <Button variant="default" disabled={changes.length === 0} onClick={() => setReviewing(true)}>
            {t('app.adm.configs.review', { count: changes.length })}
          </Button>
          <Button variant="subtle" disabled={text === null} onClick={() => setText(null)}>
            {t('app.adm.configs.discard')}
          </Button>
        </Group>
        {!(isReviewing && changes.length > 0) && message && (
          <Alert color={message.color} data-testid="config-message">
            {message.text}
          </Alert>
        )}
        {isReviewing && changes.length > 0 && (
          <Card withBorder radius="md" padding="md" data-testid="config-diff">
            <Stack gap={4}>
              {changes.map((row) => (
                <Text key={row.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Code>{row.field}</Code> {row.before} → <b>{row.after}</b>
                </Text>
              ))}
              <Group mt="xs">
                <Button onClick={() => void save()} loading={isSaving} disabled={localIssues.length > 0}>
                  {t('app.adm.configs.save')}
                </Button>
                {localIssues.length > 0 && (
                  <Text size="sm" c="red">
                    {t('app.adm.configs.correct-first', { issues: localIssues.join(' · ') })}
                  </Text>
                )}
              </Group>
              {message && (
                <Alert color={message.color} data-testid="config-message">
                  {message.text}
                </Alert>
              )}
            </Stack>
          </Card>
        )}
      </Stack>
      <Versions view={current} problem={restoreProblem} onRestore={(version) => void restore(version)} />
    </Stack>
  );
}

/** Every kept version of the settings, each restorable (a version no longer valid says why, beside it). */
function Versions({
  view,
  problem,
  onRestore,
}: {
  view: ProjectConfigView;
  problem: { version: number; text: string } | null;
  onRestore: (version: number) => void;
}) {
  const t = useT();
  const { dateTime } = useDates();
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {t('app.adm.configs.versions')}
      </Title>
      {view.history.length === 0 && <Text c="dimmed">{t('app.adm.configs.no-versions')}</Text>}
      {view.history.map((entry) => {
        const differences = changedFields(view.config, entry.config);
        return (
          <Card key={entry.version} withBorder radius="md" padding="sm" data-testid="config-version">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {t('app.adm.configs.version', { version: entry.version })}{' '}
                  {entry.version === view._version && <Badge size="xs">{t('app.adm.configs.current')}</Badge>}
                </Text>
                <Text size="xs" c="dimmed">
                  {dateTime(entry.at)} · {entry.actor ?? t('app.adm.configs.gone')}
                </Text>
                {entry.version !== view._version && (
                  <Text size="xs" c="dimmed">
                    {differences.length
                      ? t('app.adm.configs.differs', {
                          fields: `${differences
                            .map((d) => d.field)
                            .slice(0, 4)
                            .join(', ')}${differences.length > 4 ? '…' : ''}`,
                        })
                      : t('app.adm.configs.same')}
                  </Text>
                )}
              </Stack>
              {entry.version !== view._version && differences.length > 0 && (
                <TwoClickDelete
                  size="xs"
                  variant="light"
                  color="blue"
                  onConfirm={() => onRestore(entry.version)}
                  confirmLabel={t('app.adm.configs.restore-confirm')}
                >
                  {t('app.adm.configs.restore')}
                </TwoClickDelete>
              )}
            </Group>
            {problem?.version === entry.version && (
              <Alert color="red" mt="xs" data-testid="restore-problem">
                {problem.text}
              </Alert>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
