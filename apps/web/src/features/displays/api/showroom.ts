import { useQuery } from '@tanstack/react-query';
import { SURFACES, type Finish, type Look, type RoomFinishes, type Showroom, type Surface } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { sceneRoomsOf, type SceneRoom } from '../../../components/room/room-layout.ts';

/**
 * What a sales-centre screen and its phone show of the project (docs/displays.md): read with the
 * screen's key or the phone's pairing, and turned into the rooms, categories and finishes of a look.
 */

export function useShowroom(credential: { key: string } | { pairing: string } | null) {
  const headers: Record<string, string> = !credential
    ? {}
    : 'key' in credential
      ? { 'x-display-key': credential.key }
      : { 'x-display-pairing': credential.pairing };
  return useQuery({
    queryKey: ['showroom', credential],
    queryFn: ({ signal }) => api<Showroom>('/api/displays/showroom', { headers, signal }),
    enabled: Boolean(credential),
    staleTime: 5 * 60_000,
  });
}

/** The look a visit starts from: the first plan's first room, nothing chosen, the standard view. */
export function firstLook(showroom: Showroom): Look {
  const plan = showroom.plans[0] ?? null;
  return {
    plan: plan?._id ?? null,
    room: roomsOfPlan(showroom, plan?._id ?? null)[0]?._id ?? null,
    finishes: {},
    camera: STANDARD_VIEW,
  };
}

/** The standard view of a room: straight in, from a little above (the 3D views' own starting point). */
export const STANDARD_VIEW = { yaw: 0, pitch: 27, zoom: 1 };

/** The rooms of a plan (every room when the plan lists none, or there is no plan), in room order. */
export function roomsOfPlan(showroom: Showroom, planId: string | null): SceneRoom[] {
  const plan = showroom.plans.find((p) => p._id === planId);
  return sceneRoomsOf(showroom.rooms, showroom.categories, plan?.rooms.length ? plan.rooms : null);
}

const offered = (list: string[], id: string | null) => list.length === 0 || (id !== null && list.includes(id));

/** The categories a visitor can choose from in a room, each with the options the plan offers there. */
export function categoriesOfRoom(showroom: Showroom, roomId: string | null, planId: string | null) {
  return showroom.categories
    .filter((category) => offered(category.rooms, roomId))
    .map((category) => ({
      ...category,
      options: showroom.options.filter(
        (option) => option.category === category._id && offered(option.rooms, roomId) && offered(option.plans, planId),
      ),
    }))
    .filter((category) => category.options.length > 0);
}

const SURFACE_SET: ReadonlySet<string> = new Set(SURFACES);

/** The finish each surface of the look's room takes: the option chosen in the category painting it. */
export function finishesOfLook(showroom: Showroom, look: Look | null): RoomFinishes {
  const finishes: RoomFinishes = {};
  if (!look?.room) return finishes;
  for (const category of showroom.categories) {
    if (!category.surface || !SURFACE_SET.has(category.surface) || !offered(category.rooms, look.room)) continue;
    const option = showroom.options.find((o) => o._id === look.finishes[category._id]);
    if (!option?.swatch) continue;
    const finish: Finish = {
      optionId: option._id,
      name: option.name,
      color: option.swatch.color,
      roughness: option.swatch.roughness,
      metalness: option.swatch.metalness,
      texture: option.swatch.texture ?? null,
      scale: option.swatch.scale,
    };
    finishes[category.surface as Surface] = finish;
  }
  return finishes;
}
