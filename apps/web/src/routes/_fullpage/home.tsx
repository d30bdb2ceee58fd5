import { createFileRoute } from '@tanstack/react-router';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useProject } from '../../lib/project.ts';

const flags = { requiresAuth: true, requiresProject: true };

export const Route = createFileRoute('/_fullpage/home')({
  staticData: { flags, layout: 'fullpage' },
  component: ProjectLanding,
});

/** The project's full-page landing: its logo band, theme colours and a call to action. */
function ProjectLanding() {
  const { data: project } = useProject();
  useDocumentTitle(project?.name ?? 'Welcome');
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box className="logo-band" py="md" px="lg">
        <Text fw={700} fz="lg" c="inherit">
          {project?.name}
        </Text>
      </Box>
      <Box
        style={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          background: 'linear-gradient(160deg, var(--portal-primary) 0%, var(--portal-logo-bg) 100%)',
          color: 'white',
        }}
      >
        <Container size="md" py={64}>
          <Stack gap="lg" maw={620}>
            <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1}>
              {project?.name}
            </Title>
            {project?.options.tagline && <Text fz="xl">{project.options.tagline}</Text>}
            <Text fz="lg" opacity={0.9}>
              Choose the floors, cabinets, counters and colours of your new home, see every price as you go, and sign
              off your selection when it is just right.
            </Text>
            <Group>
              <LinkButton to="/configure" size="lg" color="accent" autoContrast>
                Choose my finishes
              </LinkButton>
              <LinkButton to="/" size="lg" variant="white" color="dark">
                My home
              </LinkButton>
            </Group>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
