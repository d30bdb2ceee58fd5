import { Alert, Skeleton } from '@mantine/core';
import { useBuyerRooms } from '../hooks/use-buyer-rooms.ts';
import { RoomExplorer } from '../../../components/room/room-explorer.tsx';

/** `/explore` and `/tour`: the signed-in buyer's own rooms with the finishes of their cart. */
export function BuyerExplorer({ mode, initialRoom }: { mode: 'explore' | 'tour'; initialRoom?: string | undefined }) {
  const { rooms, finishes, hasNoCart, isError } = useBuyerRooms();
  if (isError) return <Alert color="red">Your rooms could not be loaded. Please try again in a moment.</Alert>;
  if (hasNoCart) {
    return (
      <Alert color="blue" title="Your home is not set up yet">
        Once the design centre links you to your unit, you can walk through its rooms here.
      </Alert>
    );
  }
  if (!rooms || !finishes) return <Skeleton h={460} radius="md" />;
  return <RoomExplorer rooms={rooms} finishes={finishes} mode={mode} initialRoom={initialRoom} />;
}
