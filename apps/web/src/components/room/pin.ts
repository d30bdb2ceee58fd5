/** A pin centred on its place, but kept inside the picture near its left and right edges (x: 0–1). */
export function pinShift(x: number): string {
  return `translate(${x > 0.8 ? '-100%' : x < 0.2 ? '0%' : '-50%'}, -50%)`;
}
