import { useEffect, useState } from 'react';
import { Alert, Box, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DISPLAY_PROTOCOL_VERSION, displayPushSchema, formatClaimCode, sortRooms, type DisplayState } from '@decor/core';
import { ApiError } from '../../../lib/api-client.ts';
import { useProject } from '../../../lib/project.ts';
import { currentDisplayState, storedKey } from '../api/display-key.ts';

/** How often a screen asks what to show without its live connection, and with it (a safety net). */
const REFRESH_MS = 5_000;
const REFRESH_LIVE_MS = 30_000;

/**
 * The screen's live connection (docs/displays.md, "Live connection"): the portal pushes what to
 * show the moment it changes; the connection comes back by itself, a little later each time.
 */
function useDisplayLive(): boolean {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;
    const open = () => {
      const key = storedKey();
      if (stopped) return;
      if (!key) {
        retry = setTimeout(open, 2_000);
        return;
      }
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/displays/live`);
      socket.onopen = () => socket?.send(JSON.stringify({ v: DISPLAY_PROTOCOL_VERSION, type: 'hello', key: `${key.id}.${key.secret}` }));
      socket.onmessage = (event) => {
        let push;
        try {
          push = displayPushSchema.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!push.success) return;
        attempts = 0;
        setLive(true);
        if (push.data.type === 'state') queryClient.setQueryData(['display', 'state'], push.data.state);
        else void queryClient.invalidateQueries({ queryKey: ['display', 'state'] });
      };
      socket.onclose = () => {
        setLive(false);
        if (stopped) return;
        attempts += 1;
        retry = setTimeout(open, Math.min(30_000, 1_000 * 2 ** Math.min(attempts, 5)));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [queryClient]);
  return isLive;
}

/**
 * `/v`: a sales-centre screen (docs/displays.md). The first time, it registers and shows the
 * code an administrator or the project's manager claims it with; once claimed, its project's
 * attract screen. Readable across a room: large type, nothing to tap.
 */
export function DisplayScreen() {
  const isLive = useDisplayLive();
  const state = useQuery({
    queryKey: ['display', 'state'],
    queryFn: ({ signal }) => currentDisplayState(signal),
    refetchInterval: isLive ? REFRESH_LIVE_MS : REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: true,
    retryDelay: REFRESH_MS,
  });
  return (
    <Box
      mih="100dvh"
      data-testid="display-screen"
      data-mode={state.data?.mode ?? 'loading'}
      data-live={isLive}
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
