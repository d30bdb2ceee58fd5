/** A room-like item: anything with a name and an optional numeric order. */
export interface RoomLike {
  name?: string | null;
  order?: number | null;
}

const UNKNOWN_ROOM_ORDER = Number.POSITIVE_INFINITY;
const OTHER_ROOM_ORDER = 10;

const NAMED_ORDERS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(foyer|entrance|entry)\b/i, 0],
  [/\b(living|family)\b/i, 1],
  [/\bkitchen\b/i, 2],
];

/**
 * The default order of a room (docs/data-model.md): foyer/entrance 0, living/family 1,
 * kitchen 2, any other named room 10, a room without a name last.
 * An explicit finite numeric `order` always wins.
 */
export function roomOrder(room: RoomLike): number {
  if (typeof room.order === 'number' && Number.isFinite(room.order)) return room.order;
  const name = room.name?.trim();
  if (!name) return UNKNOWN_ROOM_ORDER;
  for (const [pattern, order] of NAMED_ORDERS) {
    if (pattern.test(name)) return order;
  }
  return OTHER_ROOM_ORDER;
}

/** Compares two rooms by order, then by name, so the result never depends on input order. */
export function compareRooms(a: RoomLike, b: RoomLike): number {
  const byOrder = roomOrder(a) - roomOrder(b);
  if (byOrder !== 0 && !Number.isNaN(byOrder)) return byOrder;
  return (a.name ?? '').localeCompare(b.name ?? '');
}

/** Returns a new array of the rooms in their display order. */
export function sortRooms<T extends RoomLike>(rooms: readonly T[]): T[] {
  return [...rooms].sort(compareRooms);
}

/** A room as the floor-plan minimap places it: a hotspot on the plan and its size in metres. */
export interface MinimapRoom {
  hotspot?: { x: number; y: number } | null | undefined;
  dimensions?: { w: number; d: number } | null | undefined;
}

/** A room's box on the minimap, in percentages of the plan's width and height. */
export interface MinimapBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where the minimap draws each room (docs/screens.md, "Explore"): a box centred on its hotspot,
 * sized from its dimensions but never so small that a name cannot be read, kept inside the
 * plan. A room without a hotspot is spread along the middle in display order. The catalogue
 * check uses the same boxes to name rooms that cover each other.
 */
export function minimapBoxes(rooms: readonly MinimapRoom[]): MinimapBox[] {
  return rooms.map((room, i) => {
    const w = Math.max(28, Math.min(36, (room.dimensions?.w ?? 3) * 6));
    const h = Math.max(20, Math.min(34, (room.dimensions?.d ?? 3) * 6.5));
    const x = (room.hotspot?.x ?? (i + 0.5) / rooms.length) * 100;
    const y = (room.hotspot?.y ?? 0.5) * 100;
    return { x: Math.max(0, Math.min(100 - w, x - w / 2)), y: Math.max(0, Math.min(100 - h, y - h / 2)), w, h };
  });
}

/** Whether two boxes cover each other by more than a hair (touching edges do not count). */
export function boxesOverlap(a: MinimapBox, b: MinimapBox, hair = 0.5): boolean {
  return a.x + hair < b.x + b.w && b.x + hair < a.x + a.w && a.y + hair < b.y + b.h && b.y + hair < a.y + a.h;
}
