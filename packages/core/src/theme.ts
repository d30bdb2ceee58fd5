/**
 * Ten shades of a brand colour, lightest first, for a UI kit that wants a palette
 * (Mantine's colour tuples). Index 6 is the colour itself, as Mantine's primary shade.
 */
export function colourShades(hex: string): string[] {
  const rgb = parseHex(hex);
  const tints = [0.92, 0.8, 0.64, 0.46, 0.3, 0.14].map((amount) => mix(rgb, [255, 255, 255], amount));
  const shades = [0.14, 0.28, 0.42].map((amount) => mix(rgb, [0, 0, 0], amount));
  return [...tints, toHex(rgb), ...shades];
}

/** Black or white, whichever reads better on the given background (WCAG luminance). */
export function readableTextColour(hex: string): '#000000' | '#ffffff' {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

type Rgb = [number, number, number];

/** A `#rrggbb` colour as its red, green and blue channels (0–255), or null when it is not one. */
export function hexToRgb(hex: string): Rgb | null {
  return /^#?[0-9a-f]{6}$/i.test(hex.trim()) ? parseHex(hex) : null;
}

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`Not a colour: ${hex}`);
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(from: Rgb, to: Rgb, amount: number): string {
  return toHex(from.map((channel, i) => channel + (to[i]! - channel) * amount) as Rgb);
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}
