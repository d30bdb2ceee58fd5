import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { portalHost } from '../../../config/env.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisplayEvent, DisplayRow, Translate } from '@decor/core';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { useDateFormat } from '../../../lib/use-money.ts';
import { TwoClickDelete } from '../../../components/ui/two-click-delete.tsx';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

const displaysQuery = {
  queryKey: ['admin', 'displays'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<DisplayRow[]>('/api/admin/displays', { signal }),
  refetchInterval: 10_000,
};

const STATUS_COLOUR: Record<DisplayRow['status'], string> = { unclaimed: 'orange', claimed: 'green', revoked: 'gray' };

/**
 * `/admin/instances` and `/admin/pool` (docs/displays.md): claim a screen with the code it shows,
 * then see every screen with its project, name and when it was last seen; rename, move, revoke.
 */
export function AdminDisplays({ what }: { what: 'instances' | 'pool' }) {
  const t = useT();
  const errorText = useErrorText();
  const displays = useQuery(displaysQuery);
  const rows = displays.data ?? [];
  const shown = what === 'pool' ? rows.filter((row) => row.status !== 'revoked') : rows;
  return (
    <Stack gap="lg">
      <ClaimForm onClaimed={displaysQuery.queryKey} />
      {displays.isError && <Alert color="red">{errorText(displays.error, 'app.adm.screens.not-loaded')}</Alert>}
      {!displays.data && !displays.isError && <Skeleton h={160} />}
      {displays.data && shown.length === 0 && <Text c="dimmed">{t('app.adm.screens.none')}</Text>}
      {what === 'pool' ? <Pool rows={shown} /> : <ScreenCards rows={shown} />}
    </Stack>
  );
}

/** The claim form: the project chosen here (administrators), or fixed (a project's managers, in its settings). */
/** Where a screen opens to be claimed: the project's own address with /v (the real one, not a sample). */
function screenAddress(projectKey: string | undefined): string {
  const port = window.location.port ? `:${window.location.port}` : '';
  const host = projectKey ? `${projectKey}.${portalHost()}${port}` : `{project}.${portalHost()}${port}`;
  return `${window.location.protocol}//${host}/v`;
}

function ClaimForm({ fixedProject, onClaimed }: { fixedProject?: string; onClaimed: readonly unknown[] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const projects = useQuery({ ...adminProjectsQuery(), enabled: !fixedProject });
  const [form, setForm] = useState({ code: '', name: '', project: fixedProject ?? '' });
  const [problem, setProblem] = useState<{ fields: Record<string, string>; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setProblem(null);
    setNotice(null);
    setBusy(true);
    try {
      const row = await api<DisplayRow>('/api/displays/claim', { method: 'POST', body: form });
      setNotice(
        row.project
          ? t('app.screens.claimed', { screen: row.name ?? '', project: row.project.name })
          : t('app.screens.claimed-any', { screen: row.name ?? '' }),
      );
      setForm({ code: '', name: '', project: form.project });
      await queryClient.invalidateQueries({ queryKey: onClaimed });
    } catch (caught) {
      setProblem({
        fields: caught instanceof ApiError ? fieldErrorsOf(caught) : {},
        message: errorText(caught, 'app.screens.not-claimed'),
      });
    } finally {
      setBusy(false);
    }
  };
  const at = (field: string) => problem?.fields[field];
  return (
    <Card withBorder radius="md" padding="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void claim();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('app.screens.claim')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('app.screens.claim-help', { address: screenAddress(form.project || fixedProject) })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: fixedProject ? 2 : 3 }}>
            <TextInput
              label={t('app.screens.code')}
              placeholder="ACDE-FGHJ"
              value={form.code}
              onChange={(e) => setForm({ ...form, code: e.currentTarget.value })}
              error={at('code')}
              required
              autoComplete="off"
            />
            <TextInput
              label={t('app.screens.name')}
              placeholder="Lobby TV"
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
              maxLength={60}
              required
            />
            {!fixedProject && (
              <Select
                label={t('app.screens.project')}
                data={(projects.data ?? [])
                  .filter((p) => !p.archived)
                  .map((p) => ({ value: p.key, label: `${p.name} (${p.key})` }))}
                value={form.project || null}
                onChange={(value) => setForm({ ...form, project: value ?? '' })}
                error={at('project')}
                searchable
                required
              />
            )}
          </SimpleGrid>
          {problem && Object.keys(problem.fields).length === 0 && <Alert color="red">{problem.message}</Alert>}
          {notice && (
            <Alert color="green" data-testid="claim-notice">
              {notice}
            </Alert>
          )}
          <Button
            type="submit"
            loading={busy}
            disabled={!form.code.trim() || !form.name.trim() || !form.project}
            w="fit-content"
          >
            {t('app.screens.claim-button')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function ScreenCards({ rows }: { rows: DisplayRow[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="displays">
      {rows.map((row) => (
        <ScreenCard key={`${row._id}-${row.status}-${row.name ?? ''}`} row={row} />
      ))}
    </SimpleGrid>
  );
}

function ScreenCard({ row }: { row: DisplayRow }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const projects = useQuery(adminProjectsQuery());
  const date = useDateFormat();
  const [name, setName] = useState(row.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const act = async (path: string, method: 'PATCH' | 'POST', body: object) => {
    setError(null);
    try {
      await api(path, { method, body });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'displays'] });
    } catch (caught) {
      setError(errorText(caught, 'app.adm.screens.not-changed'));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="display" data-status={row.status}>
      <Stack gap={6}>
        <Group justify="space-between" align="start" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <AnchorLink
              to="/admin/instances/{-$id}"
              params={{ id: row._id }}
              fw={700}
              c="inherit"
              style={{ overflowWrap: 'anywhere' }}
            >
              {row.name ?? t('app.adm.screens.unclaimed-name')}
            </AnchorLink>
            <Text size="xs" c="dimmed">
              {t('app.adm.screens.facts', {
                project: row.project?.name ?? '',
                shows: row.project ? 'yes' : 'no',
                registered: date(row.registeredAt),
                seen: row.lastSeenAt ? date(row.lastSeenAt, true) : '',
                wasSeen: row.lastSeenAt ? 'yes' : 'no',
              })}
            </Text>
            {row.userAgent && (
              // The browser as it names itself: data, the same in every language.
              <Code
                c="dimmed"
                fz="xs"
                title={row.userAgent}
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}
              >
                {row.userAgent}
              </Code>
            )}
            {row.health && <HealthLine health={row.health} />}
          </Stack>
          <Stack gap={4} align="end" style={{ flexShrink: 0 }}>
            <Badge color={STATUS_COLOUR[row.status]} variant="light">
              {t('app.adm.screens.status', { status: row.status })}
            </Badge>
            {row.status === 'claimed' && (
              <Badge color={isOnline(row) ? 'teal' : 'gray'} variant="dot" data-testid="display-online">
                {isOnline(row) ? t('app.adm.screens.online') : t('app.adm.screens.offline')}
              </Badge>
            )}
            {row.paired && (
              <Badge color="grape" variant="light" data-testid="display-paired">
                {t('app.adm.screens.paired')}
              </Badge>
            )}
          </Stack>
        </Group>
        {row.status === 'claimed' && (
          <Group gap="xs" align="end" wrap="wrap">
            <TextInput
              label={t('app.screens.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={60}
              w={{ base: '100%', xs: 180 }}
            />
            <Button
              variant="light"
              size="sm"
              disabled={!name.trim() || name === row.name}
              onClick={() => void act(`/api/admin/displays/${row._id}`, 'PATCH', { name })}
            >
              {t('app.adm.screens.rename')}
            </Button>
            <Select
              label={t('app.screens.project')}
              aria-label={t('app.adm.screens.project-of', { screen: row.name ?? '' })}
              data={(projects.data ?? []).filter((p) => !p.archived).map((p) => ({ value: p.key, label: p.name }))}
              value={row.project?.key ?? null}
              onChange={(value) =>
                value &&
                value !== row.project?.key &&
                void act(`/api/admin/displays/${row._id}`, 'PATCH', { project: value })
              }
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
            <Button
              variant="default"
              size="sm"
              onClick={() => void act(`/api/admin/displays/${row._id}/reload`, 'POST', {})}
            >
              {t('app.adm.screens.reload')}
            </Button>
            <TwoClickDelete
              variant="light"
              color="red"
              size="sm"
              onConfirm={() => void act(`/api/admin/displays/${row._id}/revoke`, 'POST', {})}
              confirmLabel={t('app.adm.screens.revoke-confirm')}
            >
              {t('app.adm.screens.revoke')}
            </TwoClickDelete>
          </Group>
        )}
        {error && <Alert color="red">{error}</Alert>}
      </Stack>
    </Card>
  );
}

/** A screen is online when it was heard within the last 75 s (it asks or reports every 30 s). */
const isOnline = (row: DisplayRow) => row.lastSeenAt !== null && Date.now() - Date.parse(row.lastSeenAt) < 75_000;

/** The screen's newest health report in one line: renderer, frame rate, round trip, build and size. */
function HealthLine({ health }: { health: NonNullable<DisplayRow['health']> }) {
  const t = useT();
  const parts = [
    health.renderer ?? t('app.adm.screens.no-webgl'),
    health.fps === null ? null : t('app.adm.screens.fps', { fps: health.fps, p99: health.frameP99Ms ?? '—' }),
    health.rttMs === null ? null : t('app.adm.screens.rtt', { ms: health.rttMs }),
    `${health.width}×${health.height}`,
    health.memoryMb === null ? null : `${health.memoryMb} MB`,
    t('app.adm.screens.build', { build: health.build }),
  ].filter(Boolean);
  return (
    <Text size="xs" c="dimmed" data-testid="display-health" style={{ overflowWrap: 'anywhere' }}>
      {parts.join(' · ')}
    </Text>
  );
}

/** Which screens serve which project, and which wait to be claimed. */
function Pool({ rows }: { rows: DisplayRow[] }) {
  const t = useT();
  const groups = new Map<string, DisplayRow[]>();
  for (const row of rows) {
    const key = row.project ? row.project.name : t('app.adm.screens.status', { status: 'unclaimed' });
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-testid="display-pool">
      {[...groups].map(([project, screens]) => (
        <Card key={project} withBorder radius="md" padding="sm">
          <Text fw={600}>{project}</Text>
          <Text size="xs" c="dimmed">
            {t('app.adm.screens.pool', {
              count: screens.length,
              names: screens.map((s) => s.name ?? t('app.adm.screens.unnamed')).join(', '),
            })}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * A project's screens in its settings (docs/displays.md): its managers claim a screen for it with
 * the code the screen shows and see which screens show it; running them is the platform's.
 */
export function ProjectScreens({ projectKey }: { projectKey: string }) {
  const t = useT();
  const screens = useQuery({
    queryKey: ['manage', 'displays'],
    queryFn: ({ signal }) => api<DisplayRow[]>('/api/manage/displays', { signal }),
    refetchInterval: 10_000,
  });
  const date = useDateFormat();
  return (
    <Stack gap="sm" data-testid="project-screens">
      <ClaimForm fixedProject={projectKey} onClaimed={['manage', 'displays']} />
      {screens.data && screens.data.length === 0 && <Text c="dimmed">{t('app.screens.none')}</Text>}
      {(screens.data ?? []).map((row) => (
        <Group key={row._id} justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{row.name}</Text>
          <Text size="sm" c="dimmed">
            {row.lastSeenAt
              ? t('app.screens.last-seen', { when: date(row.lastSeenAt, true) })
              : t('app.screens.not-seen')}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** What happened to a screen, in words (names and project keys; never what a visitor chose). */
function eventWords(event: DisplayEvent, t: Translate): string {
  const detail = event.detail ?? {};
  return t('app.adm.screens.event', {
    kind: event.kind,
    name: String(detail.name ?? ''),
    project: String(detail.project ?? ''),
    from: String(detail.from ?? '—'),
    to: String(detail.to ?? ''),
    by: String(detail.by ?? ''),
    reason: String(detail.reason ?? ''),
    who: String(detail.who ?? ''),
  });
}

/** `/admin/instances/{id}`: one screen, and what happened to it (docs/displays.md). */
export function DisplayDetail({ id }: { id: string }) {
  const t = useT();
  const errorText = useErrorText();
  const detail = useQuery({
    queryKey: ['admin', 'displays', id],
    queryFn: ({ signal }) =>
      api<{ display: DisplayRow; events: DisplayEvent[] }>(`/api/admin/displays/${id}`, { signal }),
    refetchInterval: 10_000,
  });
  const date = useDateFormat();
  if (detail.isError) return <Alert color="red">{errorText(detail.error, 'app.adm.screens.not-loaded-one')}</Alert>;
  if (!detail.data) return <Skeleton h={240} />;
  return (
    <Stack gap="md">
      <AnchorLink to="/admin/instances/{-$id}" params={{ id: undefined }} size="sm">
        ← {t('app.adm.screens.all')}
      </AnchorLink>
      <ScreenCard
        key={`${detail.data.display._id}-${detail.data.display.status}-${detail.data.display.name ?? ''}`}
        row={detail.data.display}
      />
      <Card withBorder radius="md" padding="md">
        <Title order={2} fz="lg" mb="sm">
          {t('app.adm.screens.events')}
        </Title>
        <Timeline bulletSize={12} lineWidth={2} data-testid="display-events">
          {detail.data.events.map((event) => (
            <Timeline.Item key={`${event.at}-${event.kind}`} title={eventWords(event, t)}>
              <Text size="xs" c="dimmed">
                {date(event.at, true)}
                {event.by ? ` · ${event.by}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </Stack>
  );
}
