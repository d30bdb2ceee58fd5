import { Component, lazy, type ReactNode } from 'react';

/** How long to wait before each new try at the 3D scene's code after a failed download. */
const RETRY_DELAYS_MS = [500, 2_000, 5_000];

/**
 * The 3D scene's code (three.js and react-three-fiber arrive only with this chunk, on the 3D
 * routes). A download cut off half-way (a server gone, a network switched) is tried again a few
 * times before the failure reaches the scene's boundary: a sales-centre screen whose server dies
 * while it loads the scene draws it a moment later on the server that took over
 * (docs/displays.md, "Live connection").
 */
export const RoomScene = lazy(async () => {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await import('./room-scene.tsx');
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return import('./room-scene.tsx');
});

/**
 * What the scene cannot draw (no WebGL, a lost context, its code not reachable) shows `fallback`
 * in its place, and never takes the page around it down with it.
 */
export class SceneBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
