import { cartTotal } from './pricing.ts';
import { message, type Say } from './messages/index.ts';
import { sortRooms } from './rooms.ts';
import type { Selection } from './selection-rules.ts';
import type { CategoryFields, OptionFields, SwatchFields } from './collections.ts';
import { SURFACES, type Surface } from './surfaces.ts';

/**
 * How a cart reads to a person: its lines grouped by room in room order and by category
 * in category order (the review page, the PDF and the shared preview), the finishes each
 * room's surfaces take (the 3D views), and two saved alternatives side by side.
 */

/** The parts of a room a category's finishes can be mapped to. */
export { SURFACES, type Surface };

export interface ViewRoom {
  _id: string;
  name: string;
  order?: number | null;
}

/** A swatch as views paint it: its colour, and whatever else it has (`scale`: metres one repeat covers). */
export type ViewSwatch = Pick<SwatchFields, 'color'> & Partial<Omit<SwatchFields, 'color'>>;

/** What a view of a cart shows of an option: picked from the option's one shape. */
export type ViewOption = { _id: string } & Pick<OptionFields, 'name' | 'category' | 'price'> &
  Partial<Pick<OptionFields, 'sku' | 'vendor'>> & { swatch?: ViewSwatch | null };

/** What a view of a cart shows of a category. */
export type ViewCategory = { _id: string } & Pick<CategoryFields, 'name'> &
  Partial<Pick<CategoryFields, 'order' | 'allowance' | 'rooms'>> & { surface?: Surface | string | null };

export interface CartLine {
  optionId: string;
  /** Null when the option has been removed from the catalogue since it was chosen. */
  option: ViewOption | null;
  category: ViewCategory | null;
  quantity: number;
  /** price × quantity, in minor units. */
  amount: number;
}

export interface RoomLines {
  room: ViewRoom;
  lines: CartLine[];
}

/** The choices for no particular room, in the reader's words. */
const wholeHome = (say: Say = message): ViewRoom => ({ _id: '', name: say('cart.whole-home') });

export interface CatalogueView {
  rooms: readonly ViewRoom[];
  options: ReadonlyMap<string, ViewOption>;
  categories: ReadonlyMap<string, ViewCategory>;
  /** The reader's sentences (English when absent): what the view itself names. */
  say?: Say;
}

/** The cart's lines by room (room order; choices for no particular room last), then by category order. */
export function groupCartLines(
  selections: readonly Selection[],
  { rooms, options, categories, say }: CatalogueView,
): RoomLines[] {
  const known = new Set(rooms.map((room) => room._id));
  const ordered = [...sortRooms(rooms), wholeHome(say)];
  const categoryOrder = (line: CartLine) => line.category?.order ?? Number.MAX_SAFE_INTEGER;
  return ordered
    .map((room) => ({
      room,
      lines: selections
        .filter((s) => (s.room && known.has(s.room) ? s.room : '') === room._id)
        .map((s): CartLine => {
          const option = options.get(s.option) ?? null;
          return {
            optionId: s.option,
            option,
            category: option ? (categories.get(option.category) ?? null) : null,
            quantity: s.quantity,
            amount: (option?.price ?? 0) * s.quantity,
          };
        })
        .sort(
          (a, b) =>
            categoryOrder(a) - categoryOrder(b) || (a.category?.name ?? '').localeCompare(b.category?.name ?? ''),
        ),
    }))
    .filter((group) => group.lines.length > 0);
}

export interface Finish {
  optionId: string;
  name: string;
  color: string;
  roughness: number;
  metalness: number;
  /** A file id of the project: an image repeated across the surface. */
  texture: string | null;
  /** Metres one repeat of the texture covers. */
  scale: number;
}

export type RoomFinishes = Partial<Record<Surface, Finish>>;

const SURFACE_SET: ReadonlySet<string> = new Set<string>(SURFACES);

/**
 * The finish each room's surfaces take: a chosen option with a swatch, in a category mapped
 * to a surface, applies to the room it was chosen for (or, chosen for no room, to every room
 * its category covers). A later selection for the same room and surface wins.
 */
export function finishesByRoom(
  selections: readonly Selection[],
  { rooms, options, categories }: CatalogueView,
): Map<string, RoomFinishes> {
  const byRoom = new Map<string, RoomFinishes>(rooms.map((room) => [room._id, {}]));
  for (const selection of selections) {
    const option = options.get(selection.option);
    const category = option ? categories.get(option.category) : undefined;
    if (!option?.swatch || !category?.surface || !SURFACE_SET.has(category.surface)) continue;
    const finish: Finish = {
      optionId: option._id,
      name: option.name,
      color: option.swatch.color,
      roughness: option.swatch.roughness ?? 0.6,
      metalness: option.swatch.metalness ?? 0,
      texture: option.swatch.texture ?? null,
      scale: option.swatch.scale ?? 1,
    };
    const targets = selection.room ? [selection.room] : (category.rooms ?? []);
    for (const roomId of targets) {
      const room = byRoom.get(roomId);
      if (room) room[category.surface as Surface] = finish;
    }
  }
  return byRoom;
}

export interface Alternative {
  selections: readonly Selection[];
  package?: string | null;
}

export interface ComparisonRow {
  room: ViewRoom;
  category: string;
  a: string[];
  b: string[];
  isSame: boolean;
}

/**
 * Two alternatives side by side: per room and category, what each one chose, and both
 * totals at today's prices with their difference (b − a).
 */
export function compareAlternatives(
  a: Alternative,
  b: Alternative,
  view: CatalogueView & { packageAdjustment?: (packageId: string) => number | undefined },
): { rows: ComparisonRow[]; totalA: number; totalB: number; difference: number } {
  const keyed = (alternative: Alternative) => {
    const map = new Map<string, { room: ViewRoom; category: string; names: string[] }>();
    for (const group of groupCartLines(alternative.selections, view)) {
      for (const line of group.lines) {
        const category = line.category?.name ?? 'Other';
        const key = `${group.room._id}|${category}`;
        const entry = map.get(key) ?? { room: group.room, category, names: [] };
        entry.names.push(
          `${line.option?.name ?? (view.say ?? message)('cart.no-longer-offered')}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`,
        );
        map.set(key, entry);
      }
    }
    return map;
  };
  const left = keyed(a);
  const right = keyed(b);
  const roomRank = new Map([...sortRooms(view.rooms), wholeHome(view.say)].map((room, index) => [room._id, index]));
  const rows = [...new Set([...left.keys(), ...right.keys()])]
    .map((key) => {
      const entry = (left.get(key) ?? right.get(key))!;
      const namesA = [...(left.get(key)?.names ?? [])].sort();
      const namesB = [...(right.get(key)?.names ?? [])].sort();
      return {
        room: entry.room,
        category: entry.category,
        a: namesA,
        b: namesB,
        isSame: namesA.join('\n') === namesB.join('\n'),
      };
    })
    .sort(
      (x, y) =>
        (roomRank.get(x.room._id) ?? 0) - (roomRank.get(y.room._id) ?? 0) || x.category.localeCompare(y.category),
    );
  const totalOf = (alternative: Alternative) =>
    cartTotal({
      selections: alternative.selections,
      priceOf: (id) => view.options.get(id)?.price,
      packageAdjustment: alternative.package ? (view.packageAdjustment?.(alternative.package) ?? 0) : 0,
    });
  const totalA = totalOf(a);
  const totalB = totalOf(b);
  return { rows, totalA, totalB, difference: totalB - totalA };
}
