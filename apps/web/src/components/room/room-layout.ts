import { SURFACES, type Finish, type RoomFinishes, type Surface } from '@decor/core';

/** A room as the 3D and 2D views draw it: its size in metres and its place on the minimap. */
export interface SceneRoom {
  _id: string;
  name: string;
  dimensions?: { w: number; d: number; h: number } | null;
  hotspot?: { x: number; y: number } | null;
  /** Whether the room has a cabinet run (kitchens and bathrooms). */
  hasCabinets: boolean;
}

const neutral = (name: string, color: string, roughness = 0.8, metalness = 0): Finish => ({
  optionId: '',
  name,
  color,
  roughness,
  metalness,
  texture: null,
  scale: 1,
});

/** What a surface looks like before anything is chosen for it. */
export const DEFAULT_FINISHES: Record<Surface, Finish> = {
  floor: neutral('Standard floor', '#b8ab98'),
  walls: neutral('Standard paint', '#f2efe9', 0.9),
  cabinets: neutral('Standard cabinets', '#e9e6e0', 0.6),
  counter: neutral('Standard counter', '#d9d6d0', 0.4),
  backsplash: neutral('Standard backsplash', '#f4f4f2', 0.3),
  metal: neutral('Standard hardware', '#9aa0a6', 0.35, 0.9),
};

export const SURFACE_LABELS: Record<Surface, string> = {
  floor: 'Floor',
  walls: 'Walls',
  cabinets: 'Cabinets',
  counter: 'Counter',
  backsplash: 'Backsplash',
  metal: 'Hardware',
};

export const surfacesOf = (room: SceneRoom): Surface[] => (room.hasCabinets ? [...SURFACES] : ['floor', 'walls']);

/** Sizes and the cabinet run along the back wall, from the room's dimensions (3.5 × 4 × 2.7 m when unknown). */
export function roomLayout(room: SceneRoom) {
  const size = { w: room.dimensions?.w ?? 3.5, d: room.dimensions?.d ?? 4, h: room.dimensions?.h ?? 2.7 };
  // Every room has a window on its left wall and a door on its right; bathrooms a toilet beside the vanity.
  const opening = { w: Math.max(0.6, Math.min(1.4, size.d * 0.4)), h: Math.max(0.6, Math.min(1.3, size.h - 1.3)) };
  const isBathroom = room.hasCabinets && /bath|ensuite|powder|wc\b/i.test(room.name);
  if (!room.hasCabinets) return { size, run: null, window: opening, isBathroom };
  // A bathroom's vanity leaves room for the toilet at its right.
  const length = isBathroom ? Math.max(0.8, Math.min(size.w - 0.9, 1.5)) : Math.max(1, Math.min(size.w - 0.4, 3.6));
  const x = -(size.w - length) / 2 + (isBathroom ? 0.05 : 0.1);
  const doors = Math.max(1, Math.round(length / 0.6));
  const handles = Array.from({ length: doors }, (_, i) => -length / 2 + (length / doors) * (i + 0.5));
  return {
    size,
    run: { x, length, uppers: size.w >= 2.4 && !isBathroom, handles, faucetX: length > 1.4 ? length / 4 : 0 },
    window: opening,
    isBathroom,
  };
}

/** The three walls drawn (the front is left open towards the viewer). */
export type Wall = 'left' | 'right' | 'back';

/**
 * Whether a wall is drawn from where the camera is. Walls are drawn from inside the room only,
 * so that a camera orbited past one looks through it into the room; what is fitted into that
 * wall (a window, a door, a backsplash) must then go with it, or it floats in the air.
 */
export function wallSeen(wall: Wall, size: { w: number; d: number }, camera: { x: number; z: number }): boolean {
  if (wall === 'left') return camera.x > -size.w / 2;
  if (wall === 'right') return camera.x < size.w / 2;
  return camera.z > -size.d / 2;
}

/** The finish each surface of a room shows: the chosen one, else the standard look. */
export const finishOf = (finishes: RoomFinishes, surface: Surface): Finish =>
  finishes[surface] ?? DEFAULT_FINISHES[surface];

/** Whether this browser can draw WebGL (headless Chromium can, through SwiftShader). */
export function canUseWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The rooms to draw, in display order: those of the buyer's plan (all when unknown), each
 * knowing whether a category with cabinets or a counter covers it.
 */
export function sceneRoomsOf(
  rooms: ReadonlyArray<{
    _id: string;
    name: string;
    dimensions?: SceneRoom['dimensions'];
    hotspot?: SceneRoom['hotspot'];
  }>,
  categories: ReadonlyArray<{ rooms?: string[]; surface?: string | null }>,
  planRooms: readonly string[] | null,
): SceneRoom[] {
  const withCabinets = new Set(
    categories.filter((c) => c.surface === 'cabinets' || c.surface === 'counter').flatMap((c) => c.rooms ?? []),
  );
  return rooms
    .filter((room) => !planRooms || planRooms.includes(room._id))
    .map((room) => ({
      _id: room._id,
      name: room.name,
      dimensions: room.dimensions ?? null,
      hotspot: room.hotspot ?? null,
      hasCabinets: withCabinets.has(room._id),
    }));
}
