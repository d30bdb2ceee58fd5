import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminProjectsQuery } from '../../../lib/admin-queries.ts';

/**
 * `/admin/instances` and `/admin/pool`: the sales-centre displays (a screen that opens `/v` on
 * a project's address) are not built yet, so no display can have registered; the frame says so
 * and shows what a display would be assigned to: the platform's open projects.
 */
export function DisplaysFrame({ what }: { what: 'instances' | 'pool' }) {
  const projects = useQuery(adminProjectsQuery());
  const open = (projects.data ?? []).filter((p) => !p.archived);
  return (
    <Stack gap="md">
      <Alert color="blue" title="No display has registered" data-testid="displays-none">
        {what === 'instances'
          ? 'A sales-centre display is a screen showing a project, driven from a phone. Displays register here once the display mode is built; none can have registered yet.'
          : 'The pool assigns registered displays to projects. With no display registered yet, there is nothing to assign.'}
      </Alert>
      <Text size="sm" fw={600}>
        Projects a display could show
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {open.map((project) => (
          <Card key={project._id} withBorder radius="md" padding="sm">
            <Text fw={600}>{project.name}</Text>
            <Text size="xs" c="dimmed">
              {project.hosts.map((h) => h.host).join(' · ') || project.key} · 0 displays
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
