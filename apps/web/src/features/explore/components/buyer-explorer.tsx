import { Skeleton } from '@mantine/core';
import { BuyerAccess } from '../../../components/selection/buyer-access.tsx';
import { useBuyerRooms } from '../hooks/use-buyer-rooms.ts';
import { RoomExplorer } from '../../../components/room/room-explorer.tsx';

/** `/explore` and `/tour`: the signed-in buyer's own rooms with the finishes of their cart. */
export function BuyerExplorer({ mode, initialRoom }: { mode: 'explore' | 'tour'; initialRoom?: string | undefined }) {
  const { rooms, finishes, planImage, hasNoCart, isNotMember, isError, error, retry } = useBuyerRooms();
  if (isNotMember || hasNoCart || isError)
    return (
      <BuyerAccess
        isNotMember={isNotMember}
        hasNoCart={hasNoCart}
        isError={isError}
        error={error}
        retry={retry}
        what="Your rooms"
      />
    );
  if (!rooms || !finishes) return <Skeleton h={460} radius="md" />;
  return <RoomExplorer rooms={rooms} finishes={finishes} mode={mode} initialRoom={initialRoom} planImage={planImage} />;
}
