import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminVisits } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import type { Translate } from '@decor/core';

function duration(seconds: number, t: Translate): string {
  if (seconds < 60) return t('app.adm.sessions.under-a-minute');
  const minutes = Math.round(seconds / 60);
  return t('app.adm.sessions.duration', {
    hours: Math.floor(minutes / 60),
    minutes: minutes < 60 ? minutes : minutes % 60,
  });
}

/** `/admin/sessions`: visits of signed-in people, recorded by the portal itself, and who is on now. */
export function AdminSessions() {
  const t = useT();
  const errorText = useErrorText();
  const projects = useQuery(adminProjectsQuery());
  const [project, setProject] = useState<string | null>(null);
  const [pages, setPages] = useState<string[]>(['']);
  const before = pages.at(-1) ?? '';
  const visits = useQuery({
    queryKey: [...ADMIN_KEY, 'sessions', project ?? '', before],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ ...(project ? { project } : {}), ...(before ? { before } : {}) });
      return api<AdminVisits>(`/api/admin/sessions${params.size ? `?${params}` : ''}`, { signal });
    },
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
  const { dateTime } = useDates();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <Select
          label={t('app.adm.users.project')}
          placeholder={t('app.adm.sessions.every-project')}
          data={(projects.data ?? []).map((p) => ({ value: p.key, label: p.name }))}
          value={project}
          onChange={(value) => {
            setProject(value);
            setPages(['']);
          }}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
        {visits.data && (
          <Card withBorder radius="md" padding="sm" data-testid="live-now">
            <Text size="sm" c="dimmed">
              {t('app.adm.sessions.on-now')}
            </Text>
            <Text fw={700} fz={22}>
              {t('app.adm.sessions.people', { count: visits.data.liveNow })}
            </Text>
          </Card>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('app.adm.sessions.help')}
      </Text>
      {visits.isError ? (
        <Alert color="red">{errorText(visits.error, 'app.adm.sessions.not-loaded')}</Alert>
      ) : !visits.data ? (
        <Skeleton h={240} />
      ) : visits.data.items.length === 0 ? (
        <Text c="dimmed">{t('app.adm.sessions.none')}</Text>
      ) : (
        <>
          <DataTable
            minWidth={720}
            columns={[
              { label: t('app.adm.sessions.cols', { col: 'who' }) },
              { label: t('app.adm.sessions.cols', { col: 'project' }) },
              { label: t('app.adm.sessions.cols', { col: 'device' }) },
              { label: t('app.adm.sessions.cols', { col: 'began' }) },
              { label: t('app.adm.sessions.cols', { col: 'pages' }), align: 'right' },
              { label: t('app.adm.sessions.cols', { col: 'for' }) },
            ]}
            testId="visits"
          >
            {visits.data.items.map((visit) => (
              <Table.Tr key={visit._id}>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {visit.user.name || visit.user.email}{' '}
                    {visit.live && (
                      <Badge size="xs" color="green">
                        on now
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('app.adm.sessions.last-on', { path: visit.lastPath })}
                  </Text>
                </Table.Td>
                <Table.Td>{visit.project?.name ?? t('app.adm.sessions.no-project')}</Table.Td>
                <Table.Td>{visit.device}</Table.Td>
                <Table.Td>{dateTime(visit.startedAt)}</Table.Td>
                <Table.Td ta="right">{visit.pages}</Table.Td>
                <Table.Td>{duration(visit.durationSeconds, t)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <Group justify="space-between">
            <Button
              variant="default"
              size="xs"
              disabled={pages.length === 1}
              onClick={() => setPages((p) => p.slice(0, -1))}
            >
              {t('app.adm.newer')}
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={!visits.data.next}
              onClick={() => visits.data?.next && setPages((p) => [...p, visits.data!.next!])}
            >
              {t('app.adm.older')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
