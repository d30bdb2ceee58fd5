import type { Page } from 'playwright-core';
import { demoProject } from '../../../server/src/db/seed/demo-catalogue.ts';

/** The swatch colour the demo catalogue gives an option, as [r, g, b]. */
export function seedColour(name: string): [number, number, number] {
  const hex = demoProject.categories.flatMap((c) => c.options).find((o) => o.name === name)!.colour!;
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Whether a drawn colour is within `tolerance` of the expected one on every channel. */
export const near = (actual: number[], expected: number[], tolerance = 10) =>
  actual.every((value, i) => Math.abs(value - expected[i]!) <= tolerance);

/** The colour a 3D view's canvas (inside `frame`) draws at a point, given as fractions of its width and height. */
export async function pixelAt(page: Page, frame: string, x: number, y: number): Promise<[number, number, number]> {
  return page.locator(`${frame} canvas`).evaluate(
    (canvas: HTMLCanvasElement, [fx, fy]) => {
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      const data = context.getImageData(Math.round(canvas.width * fx!), Math.round(canvas.height * fy!), 1, 1).data;
      return [data[0]!, data[1]!, data[2]!] as [number, number, number];
    },
    [x, y],
  );
}
