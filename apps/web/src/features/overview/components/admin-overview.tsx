import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminOverview, AdminProject, Translate } from '@decor/core';
import { AnchorLink } from '../../../components/ui/anchor-link.tsx';
import { useErrorText } from '../../../lib/i18n.ts';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { overviewQuery } from '../../../lib/admin-queries.ts';
import { AuditList } from '../../../components/back-office/audit-list.tsx';
import { hostUrl } from '../../../lib/project-hosts.ts';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../lib/i18n.ts';
import { ProjectsAtAGlance } from './projects-at-a-glance.tsx';

function duration(seconds: number, t: Translate): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days
    ? t('app.admin.uptime.days', { days, hours })
    : hours
      ? t('app.admin.uptime.hours', { hours, minutes })
      : t('app.admin.uptime.minutes', { minutes });
}

/** `/admin`: the platform at a glance (docs/admin.md, "Overview"). */
export function AdminOverviewPage() {
  const overview = useQuery(overviewQuery);
  const errorText = useErrorText();
  if (overview.isError) return <Alert color="red">{errorText(overview.error, 'app.admin.overview.not-loaded')}</Alert>;
  if (!overview.data) return <Skeleton h={420} radius="md" />;
  return <Overview overview={overview.data} />;
}

function Overview({ overview }: { overview: AdminOverview }) {
  const t = useT();
  const { dateTime } = useDates();
  const { totals, health } = overview;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard
          label={t('app.admin.overview.projects')}
          value={totals.projects}
          hint={totals.archived ? t('app.admin.overview.archived', { count: totals.archived }) : undefined}
        />
        <StatCard
          label={t('app.admin.overview.people')}
          value={totals.users}
          hint={t('app.admin.overview.admins', { count: totals.admins })}
        />
        <StatCard label={t('app.admin.overview.disabled')} value={totals.disabled} />
        <StatCard
          label={t('app.admin.overview.up-for')}
          value={duration(health.uptimeSeconds, t)}
          hint={`v${health.version} · Node ${health.node}`}
        />
      </SimpleGrid>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('app.admin.overview.projects-title')}
          </Title>
          <AnchorLink to="/admin/new">{t('app.admin.overview.new')}</AnchorLink>
        </Group>
        <ProjectTable projects={overview.projects} />
      </Stack>

      <ProjectsAtAGlance />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('app.admin.overview.sign-ins')}
          </Title>
          {overview.recentSignIns.length === 0 ? (
            <Text c="dimmed">{t('app.admin.overview.nobody')}</Text>
          ) : (
            <Stack gap={6} data-testid="recent-sign-ins">
              {overview.recentSignIns.map((entry) => (
                <Group key={entry._id} justify="space-between" wrap="nowrap" gap="xs">
                  <AnchorLink
                    to="/admin/users"
                    search={{ q: entry.email }}
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                  >
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
            {t('app.admin.overview.server')}
          </Title>
          <Card withBorder radius="md" padding="md">
            <Stack gap={4}>
              <Text size="sm">
                {t('app.admin.overview.database')}{' '}
                <b>{health.database === 'pglite' ? t('app.admin.overview.pglite') : 'PostgreSQL'}</b>
              </Text>
              <Text size="sm">
                {t('app.admin.overview.mail')}{' '}
                <b>{health.mail === 'smtp' ? t('app.admin.overview.smtp') : t('app.admin.overview.outbox')}</b>
              </Text>
              <Text size="sm">
                {t('app.admin.overview.files')}{' '}
                <b>{health.storage === 'disk' ? t('app.admin.overview.disk') : health.storage}</b>
              </Text>
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('app.admin.overview.mail-failures')}
        </Title>
        {overview.mailFailures.length === 0 ? (
          <Text c="dimmed">
            {health.mail === 'smtp' ? t('app.admin.overview.all-sent') : t('app.admin.overview.no-smtp')}
          </Text>
        ) : (
          <Stack gap={6} data-testid="mail-failures">
            {overview.mailFailures.map((failure) => (
              <Alert key={`${failure.at}-${failure.to}`} color="red" variant="light" p="xs">
                <Text size="sm">
                  <RichText
                    text={t('app.admin.overview.failure', {
                      subject: failure.subject,
                      to: failure.to,
                      when: dateTime(failure.at),
                    })}
                    tags={{ b: (chunk) => <b>{chunk}</b> }}
                  />
                </Text>
                <Text size="xs">{failure.error}</Text>
              </Alert>
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('app.admin.overview.changes')}
        </Title>
        <AuditList entries={overview.recentChanges} />
      </Stack>
    </Stack>
  );
}

function ProjectTable({ projects }: { projects: AdminProject[] }) {
  const t = useT();
  if (projects.length === 0) return <Text c="dimmed">{t('app.admin.overview.none')}</Text>;
  return (
    <DataTable
      minWidth={640}
      columns={[
        { label: t('app.admin.overview.project') },
        { label: t('app.admin.overview.hosts') },
        { label: t('app.admin.overview.members'), align: 'right' },
        { label: t('app.admin.overview.units'), align: 'right' },
        { label: t('app.admin.overview.selections') },
      ]}
      testId="overview-projects"
    >
      {projects.map((project) => (
        <Table.Tr key={project._id}>
          <Table.Td>
            <Text fw={600} size="sm">
              {project.name}{' '}
              {project.archived && (
                <Badge color="gray" size="xs">
                  {t('app.admin.overview.archived-badge')}
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
                  {t('app.admin.overview.no-deploy')}
                </Text>
              )}
              {project.hosts.map((host) => (
                <Anchor key={`${host.deploy}-${host.host}`} size="xs" href={hostUrl(host.host)}>
                  {host.host}{' '}
                  <Text span size="xs" c="dimmed">
                    ({t(`app.admin.deploy-type.${host.type}`).toLowerCase()})
                  </Text>
                </Anchor>
              ))}
            </Stack>
          </Table.Td>
          <Table.Td ta="right">
            {project.counts.members}
            <Text size="xs" c="dimmed">
              {t('app.admin.overview.managers', { count: project.counts.managers })}
            </Text>
          </Table.Td>
          <Table.Td ta="right">{project.counts.units}</Table.Td>
          <Table.Td>
            <Text size="xs">
              {t('app.admin.overview.carts', {
                draft: project.counts.carts.draft,
                submitted: project.counts.carts.submitted,
                approved: project.counts.carts.approved,
              })}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
