import { formatCsv } from '@decor/core';
import { saveBlob as save } from '../../../lib/api-client.ts';

/** A report's numbers as CSV (docs/reports.md, "Downloads"): its headings, then its rows. */
export function downloadCsv(name: string, rows: Array<Array<string | number>>) {
  save(new Blob([`\ufeff${formatCsv(rows)}`], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
}

/**
 * A chart as a PNG, drawn from its SVG at twice its size: the colours the page's stylesheet gives
 * it (CSS variables) are written into the copy first, or it would be drawn in black.
 */
export async function downloadPng(container: HTMLElement, name: string) {
  const svg = container.querySelector('svg.recharts-surface');
  if (!svg) return;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const [originals, copies] = [svg.querySelectorAll('*'), copy.querySelectorAll('*')];
  originals.forEach((element, i) => {
    const style = getComputedStyle(element);
    const target = copies[i] as SVGElement;
    for (const property of ['fill', 'stroke', 'font-family', 'font-size'] as const)
      target.style.setProperty(property, style.getPropertyValue(property));
  });
  const { width, height } = svg.getBoundingClientRect();
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  await image.decode();
  const canvas = Object.assign(document.createElement('canvas'), { width: width * 2, height: height * 2 });
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  canvas.toBlob((blob) => blob && save(blob, `${name}.png`), 'image/png');
}
