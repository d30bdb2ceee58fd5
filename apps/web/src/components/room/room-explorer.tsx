import { Suspense, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { minimapBoxes, type RoomFinishes } from '@decor/core';
import { canUseWebGl, type SceneRoom } from './room-layout.ts';
import { pinShift } from './pin.ts';
import { RoomSketch, SwatchBoard } from './room-sketch.tsx';
import { RoomScene, SceneBoundary } from './lazy-scene.tsx';
import { useT } from '../../lib/i18n.ts';

/**
 * The rooms in 3D with a floor-plan minimap (docs/screens.md `/explore`, `/tour`, `/preview`):
 * the buyer picks a room on the minimap or steps through them in order (tour), and sees the
 * finishes of the current room beside it. Without WebGL the room is drawn flat instead.
 */
export function RoomExplorer({
  rooms,
  finishes,
  mode = 'explore',
  initialRoom,
  planImage,
}: {
  rooms: SceneRoom[];
  finishes: ReadonlyMap<string, RoomFinishes>;
  mode?: 'explore' | 'tour';
  /** The room asked for (Configure's "See it in 3D" names the room the buyer was in). */
  initialRoom?: string | undefined;
  /** The plan's floor-plan picture (set in /admin/minimaps): the rooms are pinned on it. */
  planImage?: string | undefined;
}) {
  // The room asked for; else exploring starts in the first room that has a finish chosen, and a tour at the door.
  const [index, setIndex] = useState(() => {
    const asked = initialRoom ? rooms.findIndex((r) => r._id === initialRoom) : -1;
    if (asked >= 0) return asked;
    return mode === 'tour'
      ? 0
      : Math.max(
          0,
          rooms.findIndex((r) => Object.keys(finishes.get(r._id) ?? {}).length > 0),
        );
  });
  const [hasWebGl] = useState(canUseWebGl);
  const t = useT();
  // The room whose scene has drawn its first frame: a room asked for again stays drawn.
  const [drawnRoom, setDrawnRoom] = useState<string | null>(null);
  const room = rooms[Math.min(index, rooms.length - 1)];
  if (!room) return <Alert color="blue">{t('app.room.none')}</Alert>;
  const roomFinishes = finishes.get(room._id) ?? {};
  const go = (next: number) => setIndex((next + rooms.length) % rooms.length);
  const sketch = <RoomSketch room={room} finishes={roomFinishes} height={360} />;

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Box style={{ gridColumn: 'span 2' }} miw={0}>
        <Paper
          withBorder
          radius="md"
          h={{ base: 340, sm: 460 }}
          style={{ overflow: 'hidden', position: 'relative' }}
          data-testid="scene-frame"
          data-ready={drawnRoom === room._id ? room._id : undefined}
        >
          {hasWebGl ? (
            <SceneBoundary fallback={sketch}>
              <Suspense
                fallback={
                  <Group justify="center" h="100%">
                    <Loader aria-label={t('app.room.loading')} />
                  </Group>
                }
              >
                <RoomScene room={room} finishes={roomFinishes} onReady={() => setDrawnRoom(room._id)} />
              </Suspense>
            </SceneBoundary>
          ) : (
            <Stack p="sm" gap="xs" data-testid="no-webgl">
              {sketch}
              <Text size="xs" c="dimmed">
                {t('app.room.no-webgl')}
              </Text>
            </Stack>
          )}
        </Paper>
        {mode === 'tour' ? (
          <Group justify="space-between" mt="sm">
            <Button variant="default" onClick={() => go(index - 1)} disabled={index === 0}>
              {t('app.room.previous')}
            </Button>
            <Text fw={600} data-testid="tour-step">
              {t('app.room.step', { room: room.name, step: index + 1, count: rooms.length })}
            </Text>
            <Button onClick={() => go(index + 1)} disabled={index === rooms.length - 1}>
              {t('app.room.next')}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed" mt={6}>
            {t('app.room.controls')}
          </Text>
        )}
      </Box>
      <Stack gap="md">
        <Card withBorder radius="md" padding="sm">
          <Title order={2} fz="sm" mb={6}>
            {t('app.room.plan')}
          </Title>
          {planImage ? (
            <PlanPicture
              src={planImage}
              rooms={rooms}
              currentId={room._id}
              onPick={(id) => go(rooms.findIndex((r) => r._id === id))}
            />
          ) : (
            <Minimap rooms={rooms} currentId={room._id} onPick={(id) => go(rooms.findIndex((r) => r._id === id))} />
          )}
        </Card>
        <Card withBorder radius="md" padding="sm">
          <Title order={2} fz="md" mb="xs" data-testid="current-room">
            {room.name}
          </Title>
          <SwatchBoard room={room} finishes={roomFinishes} columns={{ base: 2, md: 1 }} />
        </Card>
      </Stack>
    </SimpleGrid>
  );
}

/**
 * The rooms placed at their hotspots on the plan, each a button named by its visible label,
 * in text large enough to read on a phone (12 px at least; long names wrap).
 */
function Minimap({
  rooms,
  currentId,
  onPick,
}: {
  rooms: SceneRoom[];
  currentId: string;
  onPick: (id: string) => void;
}) {
  const t = useT();
  // Percentages of the plan's width and height, the same boxes the catalogue check sees.
  const placed = useMemo(() => minimapBoxes(rooms).map((box, i) => ({ room: rooms[i]!, ...box })), [rooms]);
  return (
    <Box
      role="group"
      aria-label={t('app.room.plan-label')}
      pos="relative"
      w="100%"
      style={{ aspectRatio: '10 / 8', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
    >
      {placed.map(({ room, x, y, w, h }) => {
        const isCurrent = room._id === currentId;
        return (
          <UnstyledButton
            key={room._id}
            onClick={() => onPick(room._id)}
            aria-pressed={isCurrent}
            data-testid="minimap-room"
            pos="absolute"
            left={`${x}%`}
            top={`${y}%`}
            w={`${w}%`}
            h={`${h}%`}
            fz={12}
            fw={600}
            lh={1.15}
            ta="center"
            p={2}
            style={{
              display: 'grid',
              placeItems: 'center',
              overflowWrap: 'break-word',
              borderRadius: 4,
              border: '1px solid var(--mantine-color-gray-5)',
              background: isCurrent ? 'var(--mantine-color-brand-filled)' : 'var(--mantine-color-gray-0)',
              color: isCurrent ? 'var(--mantine-color-brand-contrast, #fff)' : 'var(--mantine-color-gray-9)',
              zIndex: isCurrent ? 2 : 1,
            }}
          >
            {room.name}
          </UnstyledButton>
        );
      })}
    </Box>
  );
}

/** The plan's own picture with each room pinned at its hotspot, a button named by the room. */
export function PlanPicture({
  src,
  rooms,
  currentId,
  onPick,
}: {
  src: string;
  rooms: SceneRoom[];
  currentId?: string;
  onPick?: (id: string) => void;
}) {
  const t = useT();
  return (
    <Box role="group" aria-label={t('app.room.plan-label')} pos="relative" w="100%" data-testid="plan-picture">
      <img src={src} alt="" style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 6 }} />
      {rooms.map((room, i) => {
        const isCurrent = room._id === currentId;
        const x = (room.hotspot?.x ?? (i + 0.5) / rooms.length) * 100;
        const y = (room.hotspot?.y ?? 0.5) * 100;
        return (
          <UnstyledButton
            key={room._id}
            onClick={() => onPick?.(room._id)}
            aria-pressed={isCurrent}
            data-testid="minimap-room"
            pos="absolute"
            left={`${x}%`}
            top={`${y}%`}
            fz={12}
            fw={600}
            px={6}
            py={2}
            style={{
              transform: pinShift(x / 100),
              borderRadius: 999,
              whiteSpace: 'nowrap',
              border: '1px solid var(--mantine-color-gray-6)',
              background: isCurrent ? 'var(--mantine-color-brand-filled)' : 'rgba(255, 255, 255, 0.92)',
              color: isCurrent ? 'var(--mantine-color-brand-contrast, #fff)' : 'var(--mantine-color-gray-9)',
              zIndex: isCurrent ? 2 : 1,
            }}
          >
            {room.name}
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
