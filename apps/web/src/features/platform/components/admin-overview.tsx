import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminOverview, AdminProject } from '@decor/core';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { overviewQuery } from '../../../lib/admin-queries.ts';
import { AuditList } from '../../../components/back-office/audit-list.tsx';
import { count, hostUrl } from '../../../lib/project-hosts.ts';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days ? `${days} d ${hours} h` : hours ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** `/admin`: the platform at a glance (docs/admin.md, "Overview"). */
export function AdminOverviewPage() {
  const overview = useQuery(overviewQuery);
  if (overview.isError) return <Alert color="red">{overview.error instanceof ApiError ? overview.error.message : 'The overview could not be loaded.'}</Alert>;
  if (!overview.data) return <Skeleton h={420} radius="md" />;
  return <Overview overview={overview.data} />;
}

function Overview({ overview }: { overview: AdminOverview }) {
  const { dateTime } = useDates();
  const { totals, health } = overview;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label="Projects" value={totals.projects} hint={totals.archived ? `${totals.archived} archived` : undefined} />
        <StatCard label="People" value={totals.users} hint={count(totals.admins, 'admin')} />
        <StatCard label="Disabled" value={totals.disabled} />
        <StatCard label="Server up for" value={duration(health.uptimeSeconds)} hint={`v${health.version} · Node ${health.node}`} />
      </SimpleGrid>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Projects
          </Title>
          <AnchorLink to="/admin/new">New project</AnchorLink>
        </Group>
        <ProjectTable projects={overview.projects} />
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Recent sign-ins
          </Title>
          {overview.recentSignIns.length === 0 ? (
            <Text c="dimmed">Nobody has signed in yet.</Text>
          ) : (
            <Stack gap={6} data-testid="recent-sign-ins">
              {overview.recentSignIns.map((entry) => (
                <Group key={entry._id} justify="space-between" wrap="nowrap" gap="xs">
                  <AnchorLink to="/admin/users" search={{ q: entry.email }} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {entry.name || entry.email}
                  </AnchorLink>
                  <Text size="xs" c="dimmed" ta="right">
                    {dateTime(entry.at)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Server
          </Title>
          <Card withBorder radius="md" padding="md">
            <Stack gap={4}>
              <Text size="sm">
                Database: <b>{health.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'}</b>
              </Text>
              <Text size="sm">
                Mail: <b>{health.mail === 'smtp' ? 'SMTP server' : 'development outbox (no SMTP_URL: nothing leaves this machine)'}</b>
              </Text>
              <Text size="sm">
                Files: <b>{health.storage === 'disk' ? 'this server’s disk' : health.storage}</b>
              </Text>
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={2} fz="lg">
          Mail that could not be sent
        </Title>
        {overview.mailFailures.length === 0 ? (
          <Text c="dimmed">{health.mail === 'smtp' ? 'Every mail reached the SMTP server.' : 'No SMTP server: mail goes to the development outbox.'}</Text>
        ) : (
          <Stack gap={6} data-testid="mail-failures">
            {overview.mailFailures.map((failure) => (
              <Alert key={`${failure.at}-${failure.to}`} color="red" variant="light" p="xs">
                <Text size="sm">
                  <b>{failure.subject}</b> to {failure.to} · {dateTime(failure.at)}
                </Text>
                <Text size="xs">{failure.error}</Text>
              </Alert>
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={2} fz="lg">
          Latest changes by admins
        </Title>
        <AuditList entries={overview.recentChanges} />
      </Stack>
    </Stack>
  );
}

function ProjectTable({ projects }: { projects: AdminProject[] }) {
  if (projects.length === 0) return <Text c="dimmed">No project yet.</Text>;
  return (
    <DataTable
      minWidth={640}
      columns={[{ label: 'Project' }, { label: 'Hosts' }, { label: 'Members', align: 'right' }, { label: 'Units', align: 'right' }, { label: 'Selections' }]}
      testId="overview-projects"
    >
      {projects.map((project) => (
        <Table.Tr key={project._id}>
          <Table.Td>
            <Text fw={600} size="sm">
              {project.name}{' '}
              {project.archived && (
                <Badge color="gray" size="xs">
                  Archived
                </Badge>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {project.key}
            </Text>
          </Table.Td>
          <Table.Td>
            <Stack gap={2}>
              {project.hosts.length === 0 && (
                <Text size="xs" c="dimmed">
                  On no deploy
                </Text>
              )}
              {project.hosts.map((host) => (
                <Anchor key={`${host.deploy}-${host.host}`} size="xs" href={hostUrl(host.host)}>
                  {host.host}{' '}
                  <Text span size="xs" c="dimmed">
                    ({host.type})
                  </Text>
                </Anchor>
              ))}
            </Stack>
          </Table.Td>
          <Table.Td ta="right">
            {project.counts.members}
            <Text size="xs" c="dimmed">
              {count(project.counts.managers, 'manager')}
            </Text>
          </Table.Td>
          <Table.Td ta="right">{project.counts.units}</Table.Td>
          <Table.Td>
            <Text size="xs">
              {project.counts.carts.draft} in progress · {project.counts.carts.submitted} to review · {project.counts.carts.approved} approved
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
