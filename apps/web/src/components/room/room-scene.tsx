import { lazy, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { OrbitControls, useTexture } from '@react-three/drei';
import type { Group } from 'three';
import type { Finish, RoomFinishes, Surface } from '@decor/core';
import { DEFAULT_FINISHES, roomLayout, wallSeen, type SceneRoom, type Wall } from './room-layout.ts';
import { useProject } from '../../lib/project.ts';
import { SceneBoundary } from './lazy-scene.tsx';
import { RepeatedMaterial } from './repeated-material.tsx';

/** The KTX2 loader and its worker's wiring: downloaded with the first finish that has a texture, after the first frame. */
const CompressedMaterial = lazy(() => import('./compressed-material.tsx'));

/**
 * One room in 3D (three.js through react-three-fiber; this module is only ever loaded
 * lazily, by the 3D routes): a procedural box from the room's dimensions whose floor, walls,
 * cabinets, counter, backsplash and metal take the chosen finishes. The front wall is left
 * open towards the camera; the buyer orbits, zooms and pans (moves) with mouse or touch.
 *
 * Materials are not tone-mapped, so a surface lit head-on shows its swatch colour: what the
 * buyer picked is what they see (and what the browser test reads back).
 */
/** A camera placed by someone else (a sales-centre phone): degrees around the room, degrees above it, and a zoom (1 = the standard view). */
export interface DrivenView {
  yaw: number;
  pitch: number;
  zoom: number;
}

interface RoomSceneProps {
  room: SceneRoom;
  finishes: RoomFinishes;
  onReady?: () => void;
  /** Given, the camera is placed from outside (a sales-centre screen, the 3D diagnostic). */
  view?: DrivenView;
  /**
   * Draw a frame every display refresh, changed or not: only the 3D diagnostic, which measures
   * the frame rate. Everywhere else a frame is drawn when something changes (the camera moved,
   * a finish chosen, a texture loaded), leaving the processor and a phone's battery alone.
   */
  drawContinuously?: boolean;
}

export default function RoomScene({ room, finishes, onReady, view, drawContinuously = false }: RoomSceneProps) {
  const layout = useMemo(() => roomLayout(room), [room]);
  // The project's 3D settings: 1 and 1 are the calibrated light and the standard view.
  const { data: project } = useProject();
  const brightness = project?.options.scene?.brightness ?? 1;
  const distance = project?.options.scene?.cameraDistance ?? 1;
  const { w, d, h } = layout.size;
  const finish = (surface: Surface) => finishes[surface] ?? DEFAULT_FINISHES[surface];
  /** A surface's material; `span` is its size in metres, so that a texture repeats at its real scale. */
  const material = (surface: Surface, span: [number, number] = [1, 1]) => {
    const f = finish(surface);
    const plain = (
      <meshStandardMaterial color={f.color} roughness={f.roughness} metalness={f.metalness} toneMapped={false} />
    );
    if (!f.texture) return plain;
    // The swatch colour stands in while the texture loads (a texture that cannot load shows the flat drawing).
    return (
      <Suspense fallback={plain}>
        <TexturedMaterial finish={f} span={span} />
      </Suspense>
    );
  };

  return (
    <Canvas
      // One canvas for every room: a room switched to is new meshes in the same WebGL context, its
      // shaders compiled and its textures read before (docs/3d.md, "Switching rooms").
      key={distance}
      frameloop={drawContinuously ? 'always' : 'demand'}
      camera={{
        position: [0, h * 1.45 * distance, d * 0.5 + Math.max(w, d, h) * 1.05 * distance],
        fov: 50,
        near: 0.05,
        far: 100,
      }}
      gl={{ preserveDrawingBuffer: true, antialias: true }}
      aria-label={`3D view of the ${room.name}`}
      role="img"
      style={{ touchAction: 'none' }}
    >
      <ReadySignal onReady={onReady} drawing={room._id} />
      <color attach="background" args={['#eef1f4']} />
      {/*
        Lights chosen so that an upward face (floor, counter) receives exactly its swatch
        colour: ambient 0.6 + straight-down 0.4 (three divides a light's intensity by π for a
        diffuse surface). Horizontal lights shade the walls without touching the floor.
      */}
      <ambientLight intensity={0.6 * Math.PI * brightness} />
      <directionalLight position={[0, 10, 0]} intensity={0.4 * Math.PI * brightness} />
      <directionalLight position={[0, 0, 10]} intensity={0.3 * Math.PI * brightness} />
      <directionalLight position={[10, 0, 0]} intensity={0.12 * Math.PI * brightness} />
      <group key={room._id}>
        {/* Floor */}
        <mesh rotation={[-Math.PI / 2, 0, 0]} position={[0, 0, 0]} name="floor">
          <planeGeometry args={[w, d]} />
          {material('floor', [w, d])}
        </mesh>
        {/* Back, left and right walls */}
        <mesh position={[0, h / 2, -d / 2]} name="wall-back">
          <planeGeometry args={[w, h]} />
          {material('walls', [w, h])}
        </mesh>
        <mesh position={[-w / 2, h / 2, 0]} rotation={[0, Math.PI / 2, 0]} name="wall-left">
          <planeGeometry args={[d, h]} />
          {material('walls', [d, h])}
        </mesh>
        <mesh position={[w / 2, h / 2, 0]} rotation={[0, -Math.PI / 2, 0]} name="wall-right">
          <planeGeometry args={[d, h]} />
          {material('walls', [d, h])}
        </mesh>
        {layout.run && (
          <group position={[layout.run.x, 0, -d / 2]}>
            {/* Base cabinets, the counter on them, the backsplash above, handles and a faucet */}
            <mesh position={[0, 0.44, 0.3]} name="cabinets">
              <boxGeometry args={[layout.run.length, 0.88, 0.6]} />
              {material('cabinets')}
            </mesh>
            <mesh position={[0, 0.9, 0.31]} name="counter">
              <boxGeometry args={[layout.run.length + 0.04, 0.04, 0.64]} />
              {material('counter')}
            </mesh>
            <InWall wall="back" size={layout.size}>
              <mesh position={[0, 1.2, 0.006]} name="backsplash">
                <boxGeometry args={[layout.run.length, 0.56, 0.01]} />
                {material('backsplash', [layout.run.length, 0.56])}
              </mesh>
            </InWall>
            {layout.run.uppers && (
              <mesh position={[0, 1.85, 0.18]} name="upper-cabinets">
                <boxGeometry args={[layout.run.length, 0.7, 0.35]} />
                {material('cabinets')}
              </mesh>
            )}
            {layout.run.handles.map((x) => (
              <mesh key={x} position={[x, 0.74, 0.61]}>
                <boxGeometry args={[0.14, 0.015, 0.02]} />
                {material('metal')}
              </mesh>
            ))}
            <group position={[layout.run.faucetX, 0.92, 0.12]}>
              <mesh position={[0, 0.14, 0]}>
                <cylinderGeometry args={[0.015, 0.02, 0.28, 16]} />
                {material('metal')}
              </mesh>
              <mesh position={[0, 0.28, 0.07]} rotation={[Math.PI / 2, 0, 0]}>
                <cylinderGeometry args={[0.012, 0.012, 0.16, 16]} />
                {material('metal')}
              </mesh>
            </group>
          </group>
        )}
        <WindowAndDoor layout={layout} metal={material('metal')} />
        {layout.isBathroom && (
          <group position={[w / 2 - 0.45, 0, -d / 2 + 0.4]} name="toilet">
            {/* A toilet in the back corner, beside the vanity */}
            <mesh position={[0, 0.2, 0.05]}>
              <cylinderGeometry args={[0.19, 0.16, 0.4, 24]} />
              <meshStandardMaterial color="#fdfdfb" roughness={0.25} toneMapped={false} />
            </mesh>
            <mesh position={[0, 0.6, -0.17]}>
              <boxGeometry args={[0.42, 0.38, 0.17]} />
              <meshStandardMaterial color="#fdfdfb" roughness={0.25} toneMapped={false} />
            </mesh>
          </group>
        )}
      </group>
      {view ? (
        <DrivenCamera
          view={view}
          target={[0, h * 0.3, 0]}
          radius={Math.hypot(h * 1.15 * distance, d * 0.5 + Math.max(w, d, h) * 1.05 * distance)}
        />
      ) : (
        <>
          <RoomCamera
            room={room._id}
            position={[0, h * 1.45 * distance, d * 0.5 + Math.max(w, d, h) * 1.05 * distance]}
          />
          <OrbitControls
            target={[0, h * 0.3, 0]}
            enablePan
            maxPolarAngle={Math.PI / 2 - 0.05}
            minDistance={0.8}
            maxDistance={Math.max(w, d) * 3}
            makeDefault
          />
        </>
      )}
    </Canvas>
  );
}

/** Places the camera where the view says, looking at the room's centre (no orbiting by hand). */
function DrivenCamera({
  view,
  target,
  radius,
}: {
  view: DrivenView;
  target: [number, number, number];
  radius: number;
}) {
  const camera = useThree((state) => state.camera);
  const invalidate = useThree((state) => state.invalidate);
  const { yaw, pitch, zoom } = view;
  useEffect(() => {
    const [y, p, r] = [(yaw * Math.PI) / 180, (pitch * Math.PI) / 180, radius / zoom];
    camera.position.set(
      target[0] + r * Math.sin(y) * Math.cos(p),
      target[1] + r * Math.sin(p),
      target[2] + r * Math.cos(y) * Math.cos(p),
    );
    camera.lookAt(...target);
    invalidate();
  }, [camera, invalidate, yaw, pitch, zoom, radius, target[0], target[1], target[2]]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** A window on the left wall (frame, glass lit by daylight, a mullion) and a door on the right, near the viewer. */
function WindowAndDoor({ layout, metal }: { layout: ReturnType<typeof roomLayout>; metal: ReactNode }) {
  const { w, d, h } = layout.size;
  return (
    <>
      <InWall wall="left" size={layout.size}>
        <group position={[-w / 2 + 0.02, Math.min(1.5, h - 0.85), 0]} rotation={[0, Math.PI / 2, 0]} name="window">
          <mesh>
            <boxGeometry args={[layout.window.w + 0.12, layout.window.h + 0.12, 0.04]} />
            <meshStandardMaterial color="#fbfbf8" roughness={0.5} toneMapped={false} />
          </mesh>
          <mesh position={[0, 0, 0.025]}>
            <planeGeometry args={[layout.window.w, layout.window.h]} />
            <meshStandardMaterial
              color="#cfe3f1"
              emissive="#d9ecf8"
              emissiveIntensity={0.55}
              roughness={0.1}
              toneMapped={false}
            />
          </mesh>
          <mesh position={[0, 0, 0.035]}>
            <boxGeometry args={[0.04, layout.window.h, 0.02]} />
            <meshStandardMaterial color="#fbfbf8" roughness={0.5} toneMapped={false} />
          </mesh>
        </group>
      </InWall>
      <InWall wall="right" size={layout.size}>
        <group position={[w / 2 - 0.02, 1.03, d / 2 - 0.75]} rotation={[0, -Math.PI / 2, 0]} name="door">
          <mesh>
            <boxGeometry args={[0.98, 2.1, 0.04]} />
            <meshStandardMaterial color="#fbfbf8" roughness={0.5} toneMapped={false} />
          </mesh>
          <mesh position={[0, -0.02, 0.025]}>
            <boxGeometry args={[0.86, 2.02, 0.02]} />
            <meshStandardMaterial color="#ece7df" roughness={0.6} toneMapped={false} />
          </mesh>
          <mesh position={[0.33, -0.05, 0.05]}>
            <boxGeometry args={[0.12, 0.02, 0.03]} />
            {metal}
          </mesh>
        </group>
      </InWall>
    </>
  );
}

/** What is fitted into a wall: drawn only while its wall is (docs/decisions/010-buyer-documents-and-3d.md). */
function InWall({ wall, size, children }: { wall: Wall; size: { w: number; d: number }; children: ReactNode }) {
  const group = useRef<Group>(null);
  // Before each frame is drawn: a camera orbited past the wall sees neither the wall nor what is in it.
  useFrame(({ camera }) => {
    if (group.current) group.current.visible = wallSeen(wall, size, camera.position);
  });
  return (
    <group ref={group} name={`in-${wall}-wall`}>
      {children}
    </group>
  );
}

/** Calls back once the first frame of each room is drawn. */
function ReadySignal({ onReady, drawing }: { onReady?: (() => void) | undefined; drawing: string }) {
  const { gl, scene, camera } = useThree();
  // The latest callback, read when the frame is up: a page that draws again (a new callback on
  // each of its renders) must not put off the signal frame after frame.
  const latest = useRef(onReady);
  latest.current = onReady;
  useEffect(() => {
    gl.render(scene, camera);
    const frame = requestAnimationFrame(() => latest.current?.());
    return () => cancelAnimationFrame(frame);
  }, [gl, scene, camera, drawing]);
  return null;
}

/** The standard view of each room: the camera set back where it starts when another room is drawn. */
function RoomCamera({ room, position }: { room: string; position: [number, number, number] }) {
  const camera = useThree((state) => state.camera);
  const controls = useThree((state) => state.controls) as { update(): void } | null;
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => {
    camera.position.set(...position);
    controls?.update();
    invalidate();
  }, [room, controls]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/**
 * A finish with an image (a project file) repeated every `scale` metres, shown in its own
 * colours: its GPU texture (KTX2, which a phone's GPU keeps compressed: docs/3d.md, "Textures"),
 * or, where that cannot be read, the image's WebP thumbnail.
 */
function TexturedMaterial({ finish, span }: { finish: Finish; span: [number, number] }) {
  return (
    <SceneBoundary
      fallback={
        <Suspense fallback={<meshStandardMaterial color={finish.color} toneMapped={false} />}>
          <ImageMaterial finish={finish} span={span} />
        </Suspense>
      }
    >
      <CompressedMaterial finish={finish} span={span} />
    </SceneBoundary>
  );
}

function ImageMaterial({ finish, span }: { finish: Finish; span: [number, number] }) {
  return <RepeatedMaterial loaded={useTexture(`/api/files/${finish.texture}?thumb=800`)} finish={finish} span={span} />;
}
