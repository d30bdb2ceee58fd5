import { useEffect, useState } from 'react';
import { Alert, Box, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatClaimCode, sortRooms, type DisplayState } from '@decor/core';
import { ApiError } from '../../../lib/api-client.ts';
import { useProject } from '../../../lib/project.ts';
import { currentDisplayState } from '../api/display-key.ts';

/** How often a screen asks what to show, so that a claim or a revocation shows within seconds. */
const REFRESH_MS = 5_000;

/**
 * `/v`: a sales-centre screen (docs/displays.md). The first time, it registers and shows the
 * code an administrator or the project's manager claims it with; once claimed, its project's
 * attract screen. Readable across a room: large type, nothing to tap.
 */
export function DisplayScreen() {
  const state = useQuery({
    queryKey: ['display', 'state'],
    queryFn: ({ signal }) => currentDisplayState(signal),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: true,
    retryDelay: REFRESH_MS,
  });
  return (
    <Box
      mih="100dvh"
      data-testid="display-screen"
      data-mode={state.data?.mode ?? 'loading'}
      style={{ background: 'var(--portal-logo-bg, #14372f)', color: 'var(--portal-logo-fg, #fff)' }}
    >
      {state.data ? (
        state.data.mode === 'register' ? (
          <ClaimCode code={state.data.claimCode} />
        ) : (
          <Attract state={state.data} />
        )
      ) : state.isError ? (
        <Center mih="100dvh" p="xl">
          <Alert color="red" title="This screen cannot reach the portal" maw={640}>
            {state.error instanceof ApiError ? state.error.message : 'It tries again every few seconds.'}
          </Alert>
        </Center>
      ) : (
        <Center mih="100dvh">
          <Loader color="gray" />
        </Center>
      )}
    </Box>
  );
}

function ClaimCode({ code }: { code: string }) {
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="lg" maw={900} ta="center">
        <Title order={1} fz={{ base: 28, md: 44 }}>
          This screen is ready for a project
        </Title>
        <Text fz={{ base: 18, md: 26 }}>In the back office, under Screens, enter this code:</Text>
        <Text
          data-testid="claim-code"
          fw={800}
          fz={{ base: 56, md: 120 }}
          lh={1}
          style={{ letterSpacing: '0.08em', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        >
          {formatClaimCode(code)}
        </Text>
        <Text fz={{ base: 16, md: 22 }} opacity={0.85}>
          An administrator, or a manager of the project, claims it and names it. The screen then shows the project by itself.
        </Text>
      </Stack>
    </Center>
  );
}

/** The project's attract screen: its name and tagline, and its rooms one after another. */
function Attract({ state }: { state: Extract<DisplayState, { mode: 'attract' }> }) {
  const { data: project } = useProject();
  const rooms = project ? sortRooms(project.rooms) : [];
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (rooms.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % rooms.length), 6_000);
    return () => clearInterval(timer);
  }, [rooms.length]);
  const room = rooms[index % Math.max(rooms.length, 1)];
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="md" ta="center" data-testid="attract">
        <Title order={1} fz={{ base: 36, md: 72 }}>
          {state.project.name}
        </Title>
        {project?.options.tagline && <Text fz={{ base: 18, md: 30 }}>{project.options.tagline}</Text>}
        {room && (
          <Text fz={{ base: 22, md: 40 }} fw={600} mt="xl" data-testid="attract-room">
            {room.name}
          </Text>
        )}
        <Text fz={{ base: 14, md: 18 }} opacity={0.7} mt="xl">
          {state.name}
        </Text>
      </Stack>
    </Center>
  );
}
