import { useEffect, useRef } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { useProject } from '../../lib/project.ts';

const flags = { bypassGuards: true };

/** /embed: the widget the builder puts on its marketing site. It skips every guard. */
export const Route = createFileRoute('/_fullpage/embed')({
  staticData: { flags, layout: 'fullpage' },
  component: Embed,
});

function Embed() {
  const { data: project, isError } = useProject();
  const ref = useRef<HTMLDivElement>(null);

  // Tell the page that frames us how tall we are, so it can size the iframe.
  useEffect(() => {
    const element = ref.current;
    if (!element || window.parent === window) return;
    const report = () => window.parent.postMessage({ type: 'decor:embed-height', height: element.scrollHeight }, '*');
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, []);

  return (
    <Box ref={ref} p="md" data-testid="embed">
      <Stack gap="xs">
        <Title order={1} fz="h2">
          {project?.name ?? (isError ? 'Project not found' : '…')}
        </Title>
        {project?.options.tagline && <Text c="dimmed">{project.options.tagline}</Text>}
        {project && (
          <Anchor href="/home" target="_top">
            Buyers: choose your finishes
          </Anchor>
        )}
      </Stack>
    </Box>
  );
}
