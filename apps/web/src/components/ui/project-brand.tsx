import { Box, Group, Image, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useProject } from '../../lib/project.ts';

/** The project's logo band: its logo or name on the project's logo background. */
export function ProjectBrand({ fallback = 'Decor Portal' }: { fallback?: string }) {
  const { data: project } = useProject();
  const name = project?.name ?? fallback;
  return (
    <Box
      component={Link}
      to="/"
      className="logo-band"
      data-testid="logo-band"
      px="md"
      h="100%"
      // On a phone the name gives way to the header's buttons: shortened with an ellipsis, never under them.
      style={{ display: 'flex', alignItems: 'center', textDecoration: 'none', minWidth: 0, overflow: 'hidden' }}
    >
      <Group gap="xs" wrap="nowrap" miw={0}>
        {project?.theme.logoUrl ? (
          <Image src={project.theme.logoUrl} alt={name} h={32} w="auto" />
        ) : (
          <Text fw={700} fz={{ base: 'md', sm: 'lg' }} c="inherit" truncate>
            {name}
          </Text>
        )}
      </Group>
    </Box>
  );
}
