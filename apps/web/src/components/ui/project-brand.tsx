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
      // Styled in styles.css: on a phone the name gives way to the header's buttons.
      className="logo-band project-brand"
      data-testid="logo-band"
      px="md"
      h="100%"
    >
      <Group gap="xs" wrap="nowrap">
        {project?.theme.logoUrl ? (
          <Image src={project.theme.logoUrl} alt={name} h={32} w="auto" />
        ) : (
          <Text className="project-brand-name" fw={700} c="inherit" truncate>
            {name}
          </Text>
        )}
      </Group>
    </Box>
  );
}
