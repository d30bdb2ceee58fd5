import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useProject } from '../../lib/project.ts';

export interface PageFrameProps {
  title: string;
  /** One sentence on what this page is for, in the words of the person using it. */
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame every page shares: its title (also the document title), purpose and body. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  const { data: project } = useProject();
  // "Configure · Maple Residences": a buyer's tabs say which project, never the platform.
  useDocumentTitle(project ? `${title} · ${project.name}` : title);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" maw={720}>
            {description}
          </Text>
        )}
      </Stack>
      {actions}
      {children}
    </Stack>
  );
}
