import { Suspense, useMemo } from 'react';
import { Badge, Box, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Look } from '@decor/core';
import { storedKey } from '../api/display-key.ts';
import {
  categoriesOfRoom,
  finishesOfLook,
  firstLook,
  roomsOfPlan,
  STANDARD_VIEW,
  useShowroom,
} from '../api/showroom.ts';
import { RoomScene, SceneBoundary } from '../../../components/room/lazy-scene.tsx';
import { useT } from '../../../lib/i18n.ts';

/**
 * A screen held by a visitor's phone (docs/displays.md, "Pairing a phone"): the room the phone
 * chose, in 3D, with the finishes it chose and from where it looks; the room's name and the
 * chosen finishes read across the room. Until the phone's first look, the first room as built.
 */
export function PairedRoom({ look }: { look: Look | null }) {
  const t = useT();
  const stored = storedKey();
  const showroom = useShowroom(stored ? { key: `${stored.id}.${stored.secret}` } : null);
  const data = showroom.data;
  const shown = useMemo(() => (data ? (look ?? firstLook(data)) : null), [data, look]);
  const rooms = useMemo(() => (data && shown ? roomsOfPlan(data, shown.plan) : []), [data, shown]);
  const room = rooms.find((r) => r._id === shown?.room) ?? rooms[0];
  const finishes = useMemo(
    () => (data && shown && room ? finishesOfLook(data, { ...shown, room: room._id }) : {}),
    [data, shown, room],
  );
  if (!data || !shown) {
    return (
      <Center mih="100dvh">
        <Loader color="gray" />
      </Center>
    );
  }
  const chosen = categoriesOfRoom(data, room?._id ?? null, shown.plan).flatMap((category) => {
    const option = category.options.find((o) => o._id === shown.finishes[category._id]);
    return option ? [{ category: category.name, option: option.name }] : [];
  });
  return (
    <Box
      pos="relative"
      h="100dvh"
      data-testid="display-room"
      data-room={room?._id ?? ''}
      data-finishes={Object.values(finishes)
        .map((f) => f.optionId)
        .join(',')}
    >
      {room ? (
        // Without the scene (no WebGL, its code out of reach) the screen still names the room and its finishes below.
        <SceneBoundary fallback={null}>
          <Suspense fallback={<Loader color="gray" />}>
            <Box h="100%">
              <RoomScene room={room} finishes={finishes} view={shown.camera ?? STANDARD_VIEW} />
            </Box>
          </Suspense>
        </SceneBoundary>
      ) : (
        <Center h="100%">
          <Text fz={28}>{t('app.screen.no-rooms')}</Text>
        </Center>
      )}
      <Stack
        pos="absolute"
        left={0}
        right={0}
        bottom={0}
        p={{ base: 'md', md: 'xl' }}
        gap="xs"
        style={{ background: 'linear-gradient(transparent, rgba(0,0,0,0.65))', color: '#fff', pointerEvents: 'none' }}
      >
        <Group justify="space-between" align="flex-end">
          <Title order={1} fz={{ base: 28, md: 52 }} data-testid="display-room-name">
            {room?.name}
          </Title>
          <Badge size="xl" color="green" variant="filled">
            {t('app.screen.driven')}
          </Badge>
        </Group>
        {chosen.length > 0 && (
          <Text fz={{ base: 16, md: 24 }}>{chosen.map((c) => `${c.category}: ${c.option}`).join(' · ')}</Text>
        )}
      </Stack>
    </Box>
  );
}
