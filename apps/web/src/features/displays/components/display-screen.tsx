import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Center, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { formatClaimCode, formatPairingCode, sortRooms, type DisplayState, type Look } from '@decor/core';
import { useProject } from '../../../lib/project.ts';
import { currentDisplayState, storedKey } from '../api/display-key.ts';
import { openLiveSocket } from '../api/live-socket.ts';
import { healthProbe } from '../api/health-probe.ts';
import { PairedRoom } from './paired-room.tsx';
import { useErrorText, useT } from '../../../lib/i18n.ts';

/** How often a screen asks what to show without its live connection, and with it (a safety net). */
const REFRESH_MS = 5_000;
const REFRESH_LIVE_MS = 30_000;

/** How often a claimed screen reports its health (docs/displays.md, "Health"). */
const HEALTH_MS = 30_000;

/**
 * The screen's live connection (docs/displays.md, "Live connection"): the portal pushes what to
 * show the moment it changes, and a visitor's looks while a phone holds the screen; the screen
 * reports its health every 30 s.
 */
function useDisplayLive(): { isLive: boolean; look: Look | null } {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  const [look, setLook] = useState<Look | null>(null);
  useEffect(() => {
    const health = healthProbe();
    let pingSentAt = 0;
    const socket = openLiveSocket({
      greeting: () => {
        const key = storedKey();
        return key ? { type: 'hello', key: `${key.id}.${key.secret}` } : null;
      },
      onOpenChange: setLive,
      onPush: (push) => {
        if (push.type === 'state') {
          queryClient.setQueryData(['display', 'state'], push.state);
          // A screen no longer held by a phone forgets the visitor's choices.
          if (push.state.mode !== 'paired') setLook(null);
        } else if (push.type === 'look') setLook(push.look);
        else if (push.type === 'reload') location.reload();
        else if (push.type === 'pong' && push.t === pingSentAt)
          socket.send({ type: 'health', health: health.report(performance.now() - pingSentAt) });
        else if (push.type === 'unknown') void queryClient.invalidateQueries({ queryKey: ['display', 'state'] });
      },
      onFinal: () => void queryClient.invalidateQueries({ queryKey: ['display', 'state'] }),
    });
    const beat = setInterval(() => {
      pingSentAt = performance.now();
      socket.send({ type: 'ping', t: pingSentAt });
    }, HEALTH_MS);
    return () => {
      clearInterval(beat);
      health.stop();
      socket.close();
    };
  }, [queryClient]);
  return { isLive, look };
}

/**
 * `/v`: a sales-centre screen (docs/displays.md). The first time, it registers and shows the
 * code an administrator or the project's manager claims it with; once claimed, its project's
 * attract screen. Readable across a room: large type, nothing to tap.
 */
export function DisplayScreen() {
  const t = useT();
  const errorText = useErrorText();
  const { isLive, look } = useDisplayLive();
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
      <OfflineSign isLive={isLive} />
      {state.data ? (
        state.data.mode === 'register' ? (
          <ClaimCode code={state.data.claimCode} />
        ) : state.data.mode === 'paired' ? (
          <PairedRoom look={look} />
        ) : (
          <Attract state={state.data} />
        )
      ) : state.isError ? (
        <Center mih="100dvh" p="xl">
          <Alert color="red" title={t('app.screen.unreachable')} maw={640}>
            {errorText(state.error, 'app.screen.retries')}
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
  const t = useT();
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="lg" maw={900} ta="center">
        <Title order={1} fz={{ base: 28, md: 44 }}>
          {t('app.screen.ready')}
        </Title>
        <Text fz={{ base: 18, md: 26 }}>{t('app.screen.enter-code')}</Text>
        <BigCode testId="claim-code" size={{ base: 56, md: 120 }} spacing="0.08em" lineHeight={1}>
          {formatClaimCode(code)}
        </BigCode>
        <Text fz={{ base: 16, md: 22 }} opacity={0.85}>
          {t('app.screen.claim')}
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
        {state.pairing && <PairingInvitation pairing={state.pairing} />}
        <Text fz={{ base: 14, md: 18 }} opacity={0.7} mt="xl">
          {state.name}
        </Text>
      </Stack>
    </Center>
  );
}

/** The QR code a visitor scans (its secret in the address's fragment, never sent to a server's log) and the code to type instead. */
function PairingInvitation({ pairing }: { pairing: { code: string; secret: string } }) {
  const t = useT();
  const [image, setImage] = useState<string | null>(null);
  const display = storedKey()?.id;
  const url = display ? `${location.origin}/controller/${display}#${pairing.secret}` : null;
  useEffect(() => {
    if (url) void QRCode.toDataURL(url, { margin: 2, width: 360 }).then(setImage);
  }, [url]);
  return (
    <Group gap="xl" mt="xl" justify="center" align="center" data-testid="pairing-invitation" data-url={url ?? ''}>
      {image && <Image src={image} alt={t('app.screen.scan-alt')} w={{ base: 160, md: 240 }} radius="md" />}
      <Stack gap={4} align="flex-start" ta="left">
        <Text fz={{ base: 18, md: 26 }} fw={600}>
          {t('app.screen.drive')}
        </Text>
        <Text fz={{ base: 14, md: 20 }} opacity={0.85}>
          {t('app.screen.open', { address: `${location.host}/controller` })}
        </Text>
        <BigCode testId="pairing-code" size={{ base: 36, md: 64 }} spacing="0.06em" lineHeight={1.1}>
          {formatPairingCode(pairing.code)}
        </BigCode>
      </Stack>
    </Group>
  );
}

/** A code a person reads off the screen from across the room and types: large, monospaced, spaced. */
function BigCode({
  testId,
  size,
  spacing,
  lineHeight,
  children,
}: {
  testId: string;
  size: { base: number; md: number };
  spacing: string;
  lineHeight: number;
  children: string;
}) {
  return (
    <Text
      data-testid={testId}
      fw={800}
      fz={size}
      lh={lineHeight}
      style={{ letterSpacing: spacing, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
    >
      {children}
    </Text>
  );
}

/** How long a screen may be without its live connection before it says so (a reconnection usually takes less). */
const OFFLINE_SIGN_AFTER_MS = 3_000;

/** A corner of the screen saying it has lost the portal, from 3 s without its connection until it is back (docs/displays.md). */
function OfflineSign({ isLive }: { isLive: boolean }) {
  const t = useT();
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    if (isLive) return;
    const timer = setTimeout(() => setShown(true), OFFLINE_SIGN_AFTER_MS);
    // Back: the next loss waits its 3 s again.
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [isLive]);
  if (isLive || !isShown) return null;
  return (
    <Badge
      color="orange"
      size="lg"
      variant="filled"
      role="status"
      data-testid="screen-offline"
      style={{ position: 'fixed', top: 16, right: 16, zIndex: 10 }}
    >
      {t('app.screen.offline')}
    </Badge>
  );
}
