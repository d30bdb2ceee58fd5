import { useMemo } from 'react';
import { finishesByRoom, sortRooms } from '@decor/core';
import { useProject } from '../../../lib/project.ts';
import { useConfiguratorData } from '../../../lib/configurator-data.ts';
import { sceneRoomsOf } from '../../../components/room/room-layout.ts';

/** The buyer's rooms (of their plan, in order) and the finishes their cart gives each one. */
export function useBuyerRooms() {
  const data = useConfiguratorData();
  const { data: project } = useProject();
  const rooms = useMemo(
    () =>
      project && data.categories
        ? sceneRoomsOf(sortRooms(project.rooms), data.categories, data.planRooms ?? null)
        : null,
    [project, data.categories, data.planRooms],
  );
  const finishes = useMemo(
    () =>
      rooms && data.cart && data.options && data.categories
        ? finishesByRoom(data.cart.selections, {
            rooms,
            options: new Map(data.options.map((o) => [o._id, o])),
            categories: new Map(data.categories.map((c) => [c._id, c])),
          })
        : null,
    [rooms, data.cart, data.options, data.categories],
  );
  const planImage = data.summary?.plan?.minimap ? `/api/files/${data.summary.plan.minimap}` : undefined;
  return {
    rooms,
    finishes,
    planImage,
    hasNoCart: data.hasNoCart,
    isNotMember: data.isNotMember,
    isError: data.isError,
    error: data.error,
    retry: data.retry,
  };
}
