/** The surfaces of a room the 3D views paint, each category naming the one it covers (docs/data-model.md). */
export const SURFACES = ['floor', 'walls', 'cabinets', 'counter', 'backsplash', 'metal'] as const;
export type Surface = (typeof SURFACES)[number];
