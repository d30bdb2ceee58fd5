import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { SURFACES, type RoomFinishes, type Surface } from '@decor/core';
import { DEFAULT_FINISHES, finishOf, surfacesOf, type SceneRoom } from './room-layout.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * The room drawn flat (SVG, no WebGL): a one-point perspective of the floor, the walls and,
 * in kitchens and bathrooms, the cabinet run with its counter, backsplash and hardware, in
 * the chosen colours. Used as Configure's preview and wherever WebGL is missing.
 */
export function RoomSketch({
  room,
  finishes,
  height = 220,
}: {
  room: SceneRoom;
  finishes: RoomFinishes;
  height?: number;
}) {
  const t = useT();
  const patternId = useId().replace(/:/g, '');
  const textured = SURFACES.filter((surface) => finishOf(finishes, surface).texture);
  /** The paint of a surface: its texture as a pattern when it has one, else its colour. */
  const c = (surface: Surface) =>
    finishOf(finishes, surface).texture ? `url(#${patternId}-${surface})` : finishOf(finishes, surface).color;
  return (
    <svg
      viewBox="0 0 400 260"
      width="100%"
      height={height}
      role="img"
      aria-label={t('app.room.sketch', { room: room.name })}
      data-testid="room-sketch"
    >
      <defs>
        {textured.map((surface) => (
          <pattern key={surface} id={`${patternId}-${surface}`} patternUnits="userSpaceOnUse" width="48" height="48">
            <rect width="48" height="48" fill={finishOf(finishes, surface).color} />
            <image
              href={`/api/files/${finishOf(finishes, surface).texture}?thumb=200`}
              width="48"
              height="48"
              preserveAspectRatio="xMidYMid slice"
            />
          </pattern>
        ))}
      </defs>
      <polygon points="0,0 80,40 80,190 0,260" fill={c('walls')} />
      <polygon points="400,0 320,40 320,190 400,260" fill={c('walls')} />
      <rect x="80" y="40" width="240" height="150" fill={c('walls')} />
      <polygon points="0,0 80,40 80,190 0,260" fill="#000" opacity="0.08" />
      <polygon points="400,0 320,40 320,190 400,260" fill="#000" opacity="0.05" />
      <polygon points="80,190 320,190 400,260 0,260" fill={c('floor')} data-surface="floor" />
      {room.hasCabinets && (
        <g>
          <rect x="100" y="112" width="200" height="34" fill={c('backsplash')} stroke="#0002" />
          <rect x="100" y="52" width="200" height="44" fill={c('cabinets')} stroke="#0003" />
          <rect x="96" y="146" width="208" height="7" fill={c('counter')} stroke="#0003" />
          <rect x="100" y="153" width="200" height="37" fill={c('cabinets')} stroke="#0003" />
          {[125, 175, 225, 275].map((x) => (
            <rect key={x} x={x - 9} y="160" width="18" height="3" rx="1.5" fill={c('metal')} />
          ))}
          <path d="M200 146 v-18 h10" stroke={c('metal')} strokeWidth="4" fill="none" strokeLinecap="round" />
        </g>
      )}
    </svg>
  );
}

/** The chosen finish of each surface as a labelled swatch. */
export function SwatchBoard({
  room,
  finishes,
  columns = { base: 2, sm: 3 },
}: {
  room: SceneRoom;
  finishes: RoomFinishes;
  columns?: Record<string, number>;
}) {
  const t = useT();
  return (
    <SimpleGrid cols={columns} spacing="xs" data-testid="swatch-board">
      {surfacesOf(room).map((surface) => {
        const finish = finishOf(finishes, surface);
        return (
          <Group key={surface} gap="xs" wrap="nowrap" data-testid={`swatch-${surface}`}>
            <Box
              w={32}
              h={32}
              style={{
                borderRadius: 6,
                background: finish.texture
                  ? `url(/api/files/${finish.texture}?thumb=200) center / cover, ${finish.color}`
                  : finish.color,
                border: '1px solid var(--mantine-color-gray-3)',
                flex: 'none',
              }}
            />
            <Stack gap={0} miw={0}>
              <Text size="xs" c="dimmed">
                {t(`app.room.surface.${surface}`)}
              </Text>
              <Text size="sm" truncate>
                {finish === DEFAULT_FINISHES[surface] ? t(`app.room.standard.${surface}`) : finish.name}
              </Text>
            </Stack>
          </Group>
        );
      })}
    </SimpleGrid>
  );
}
