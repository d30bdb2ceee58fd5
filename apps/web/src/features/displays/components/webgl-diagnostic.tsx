import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Card, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { frameVerdict, sortRooms } from '@decor/core';
import { VerdictLine } from './verdict-line.tsx';
import { useProject } from '../../../lib/project.ts';
import { sceneRoomsOf } from '../../../components/room/room-layout.ts';
import { RoomScene } from '../../../components/room/lazy-scene.tsx';

/** How long the room is drawn and measured. */
const RUN_MS = 10_000;

interface Capabilities {
  webgl2: boolean;
  renderer: string;
  vendor: string;
  maxTextureSize: number;
  extensions: string[];
  pixelRatio: number;
}

function capabilities(): Capabilities | null {
  const canvas = document.createElement('canvas');
  const gl2 = canvas.getContext('webgl2');
  const gl = gl2 ?? canvas.getContext('webgl');
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return {
    webgl2: Boolean(gl2),
    renderer: String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)),
    vendor: String(gl.getParameter(info ? info.UNMASKED_VENDOR_WEBGL : gl.VENDOR)),
    maxTextureSize: Number(gl.getParameter(gl.MAX_TEXTURE_SIZE)),
    extensions: gl.getSupportedExtensions() ?? [],
    pixelRatio: window.devicePixelRatio,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;

/**
 * `/test/playcanv`: what this device's WebGL can do (docs/displays.md, "Diagnostics"), and the
 * project's real room drawn for ten seconds: time to the first frame, the median frame rate and
 * the 95th and 99th percentiles of frame times. On a software renderer the figures say so honestly.
 */
export function WebGlDiagnostic() {
  const caps = useMemo(() => capabilities(), []);
  const { data: project } = useProject();
  const room = useMemo(() => (project ? sceneRoomsOf(sortRooms(project.rooms), [], null)[0] : undefined), [project]);
  const started = useRef(performance.now());
  const [firstFrameMs, setFirstFrame] = useState<number | null>(null);
  const [result, setResult] = useState<{ fps: number; p95: number; p99: number; frames: number } | null>(null);

  useEffect(() => {
    if (firstFrameMs === null) return;
    const frames: number[] = [];
    let last = performance.now();
    const end = last + RUN_MS;
    let handle = requestAnimationFrame(function tick(now) {
      frames.push(now - last);
      last = now;
      if (now < end) handle = requestAnimationFrame(tick);
      else {
        const sorted = [...frames].sort((a, b) => a - b);
        const median = percentile(sorted, 0.5);
        setResult({
          fps: median > 0 ? Math.round(10_000 / median) / 10 : 0,
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          frames: frames.length,
        });
      }
    });
    return () => cancelAnimationFrame(handle);
  }, [firstFrameMs]);

  const figure = (label: string, value: string) => (
    <Stack gap={0} key={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={`gl-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1} fz={28}>
          3D diagnostic
        </Title>
        {!caps ? (
          <Alert color="red">
            This browser cannot draw WebGL: the 3D rooms and the sales-centre screens will show their 2D drawings
            instead.
          </Alert>
        ) : (
          <Card withBorder radius="md" data-testid="gl-capabilities">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {figure('WebGL 2', caps.webgl2 ? 'Yes' : 'No (WebGL 1)')}
              {figure('Renderer', caps.renderer)}
              {figure('Vendor', caps.vendor)}
              {figure('Max texture size', `${caps.maxTextureSize} px`)}
              {figure('Pixel ratio', String(caps.pixelRatio))}
              {figure('Extensions', String(caps.extensions.length))}
            </SimpleGrid>
            {isSoftware(caps.renderer) && (
              <Badge color="orange" mt="sm">
                A software renderer: frame rates here are the processor&apos;s, not a graphics card&apos;s.
              </Badge>
            )}
          </Card>
        )}
        {caps && room && (
          <>
            <Box h={360} style={{ borderRadius: 8, overflow: 'hidden' }}>
              <Suspense fallback={<Loader />}>
                <RoomScene
                  room={room}
                  finishes={{}}
                  onReady={() => setFirstFrame((shown) => shown ?? performance.now() - started.current)}
                  view={{ yaw: 20, pitch: 27, zoom: 1 }}
                  drawContinuously
                />
              </Suspense>
            </Box>
            <Card withBorder radius="md" data-testid="gl-run" data-done={result !== null}>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {figure('First frame', firstFrameMs === null ? '…' : `${Math.round(firstFrameMs)} ms`)}
                {figure('Median fps', result ? String(result.fps) : 'measuring…')}
                {figure('Frame p95', result ? `${result.p95.toFixed(1)} ms` : '…')}
                {figure('Frame p99', result ? `${result.p99.toFixed(1)} ms` : '…')}
              </SimpleGrid>
              <Text size="sm" c="dimmed" mt="xs">
                The {room.name} of {project?.name}, drawn for {RUN_MS / 1000} s
                {result ? ` (${result.frames} frames)` : ''}.
              </Text>
              {result && (
                <VerdictLine verdict={frameVerdict({ fps: result.fps, isSoftware: isSoftware(caps.renderer) })} />
              )}
            </Card>
          </>
        )}
      </Stack>
    </Container>
  );
}

/** Whether the frames are drawn by the processor (SwiftShader, llvmpipe): its figures are the processor's. */
const isSoftware = (renderer: string) => /SwiftShader|llvmpipe|software/i.test(renderer);
