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
