import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminVisits } from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { ADMIN_KEY, adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';

function duration(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `/admin/sessions`: visits of signed-in people, recorded by the portal itself, and who is on now. */
export function AdminSessions() {
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
          label="Project"
          placeholder="Every project"
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
              On now
            </Text>
            <Text fw={700} fz={22}>
              {visits.data.liveNow} {visits.data.liveNow === 1 ? 'person' : 'people'}
            </Text>
          </Card>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        The portal records the visits of signed-in people itself (no third-party script): who, in which project, on what device, how many pages and for how
        long.
      </Text>
      {visits.isError ? (
        <Alert color="red">{visits.error instanceof ApiError ? visits.error.message : 'The visits could not be loaded.'}</Alert>
      ) : !visits.data ? (
        <Skeleton h={240} />
      ) : visits.data.items.length === 0 ? (
        <Text c="dimmed">No visit recorded yet.</Text>
      ) : (
        <>
          <DataTable
            minWidth={720}
            columns={[{ label: 'Who' }, { label: 'Project' }, { label: 'Device' }, { label: 'Began' }, { label: 'Pages', align: 'right' }, { label: 'For' }]}
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
                    last on {visit.lastPath}
                  </Text>
                </Table.Td>
                <Table.Td>{visit.project?.name ?? 'No project'}</Table.Td>
                <Table.Td>{visit.device}</Table.Td>
                <Table.Td>{dateTime(visit.startedAt)}</Table.Td>
                <Table.Td ta="right">{visit.pages}</Table.Td>
                <Table.Td>{duration(visit.durationSeconds)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <Group justify="space-between">
            <Button variant="default" size="xs" disabled={pages.length === 1} onClick={() => setPages((p) => p.slice(0, -1))}>
              Newer
            </Button>
            <Button variant="default" size="xs" disabled={!visits.data.next} onClick={() => visits.data?.next && setPages((p) => [...p, visits.data!.next!])}>
              Older
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
