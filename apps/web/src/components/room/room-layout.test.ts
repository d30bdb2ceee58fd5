import { describe, expect, it } from 'vitest';
import { roomLayout, wallSeen, type Wall } from './room-layout.ts';

const kitchen = roomLayout({ _id: 'k', name: 'Kitchen', dimensions: { w: 3.6, d: 4.2, h: 2.7 }, hasCabinets: true });
const WALLS: Wall[] = ['left', 'right', 'back'];

/** Where an orbiting camera stands: `yaw` degrees around the room (0 = in front, 90 = to the right), `radius` metres from its centre. */
const orbit = (yaw: number, radius: number) => ({
  x: radius * Math.sin((yaw * Math.PI) / 180),
  z: radius * Math.cos((yaw * Math.PI) / 180),
});
const seenFrom = (camera: { x: number; z: number }) => WALLS.filter((wall) => wallSeen(wall, kitchen.size, camera));

describe('what is fitted into a wall goes with its wall', () => {
  it('shows every wall, and so the window, door and backsplash, from the front and from inside', () => {
    expect(seenFrom(orbit(0, 8))).toEqual(WALLS);
    expect(seenFrom(orbit(-15, 6))).toEqual(WALLS);
    expect(seenFrom({ x: 0.5, z: -1 })).toEqual(WALLS);
  });

  it('hides the wall the camera has orbited past, and only that one', () => {
    // Past the left wall (the window's): 3 m to the left of a room 3.6 m wide.
    expect(seenFrom(orbit(-90, 3))).toEqual(['right', 'back']);
    // Past the right wall (the door's).
    expect(seenFrom(orbit(90, 3))).toEqual(['left', 'back']);
    // Behind the back wall (the backsplash's).
    expect(seenFrom(orbit(180, 3))).toEqual(['left', 'right']);
    // Behind a corner: both walls of that corner.
    expect(seenFrom(orbit(-135, 5))).toEqual(['right']);
  });

  it('changes exactly at the wall', () => {
    const edge = kitchen.size.w / 2;
    expect(wallSeen('left', kitchen.size, { x: -edge + 0.01, z: 0 })).toBe(true);
    expect(wallSeen('left', kitchen.size, { x: -edge - 0.01, z: 0 })).toBe(false);
  });
});
