import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows, type Db } from '../client.ts';
import type { FileStorage } from '../../modules/files/storage.ts';
import { storeFile } from '../../modules/files/files.operations.ts';

/**
 * Product photos for the demo catalogue, drawn here rather than downloaded: each option with a
 * swatch gets a picture in its colour with the pattern of what it is — planks for floors, a
 * paint chip for walls, door panels for cabinets, speckled stone for counters, tiles for
 * backsplashes and bathrooms, brushed metal for hardware (docs/operations.md, "Demo accounts").
 */

const WIDTH = 480;
const HEIGHT = 360;

type Pattern = 'planks' | 'paint' | 'panels' | 'stone' | 'tiles' | 'metal' | 'plain';

function patternOf(surface: string | null, category: string): Pattern {
  if (/tile/i.test(category)) return 'tiles';
  switch (surface) {
    case 'floor':
      return 'planks';
    case 'walls':
      return 'paint';
    case 'cabinets':
      return 'panels';
    case 'counter':
      return 'stone';
    case 'backsplash':
      return 'tiles';
    case 'metal':
      return 'metal';
    default:
      return 'plain';
  }
}

/** A small deterministic noise, so the same option always gets the same picture. */
function noise(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1000) / 1000;
  };
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const ch of text) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** The picture's pixels (RGB) for a colour and a pattern. */
export function drawPhoto(hex: string, pattern: Pattern, name: string): Buffer {
  const base = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const random = noise(hashOf(name));
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const plankShade = Array.from({ length: 12 }, () => 0.88 + random() * 0.24);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let shade = 1;
      if (pattern === 'planks') {
        const row = Math.floor(y / 45);
        const offset = (row % 2) * 160;
        shade = plankShade[row % plankShade.length]! * (0.96 + 0.04 * Math.sin((x + offset) / 7 + row));
        if (y % 45 < 2 || (x + offset) % 320 < 2) shade = 0.7;
      } else if (pattern === 'paint') {
        shade = 1.04 - 0.08 * (y / HEIGHT);
        if (y > HEIGHT - 60) shade = x < 12 || y > HEIGHT - 6 ? 1.1 : 1.25;
      } else if (pattern === 'panels') {
        const inX = x % 160;
        const inY = y % 180;
        shade = inX < 4 || inY < 4 ? 0.75 : inX < 22 || inY < 22 || inX > 138 || inY > 158 ? 0.93 : 1;
        if (inX > 120 && inX < 128 && inY > 70 && inY < 110) shade = 0.55;
      } else if (pattern === 'stone') {
        shade = 0.92 + random() * 0.16;
        if (random() < 0.02) shade = 0.7;
      } else if (pattern === 'tiles') {
        shade = x % 60 < 3 || y % 60 < 3 ? 0.8 : 1 - 0.05 * ((x % 60) / 60);
      } else if (pattern === 'metal') {
        shade = 0.75 + 0.5 * Math.abs(Math.sin(y / 40)) + (random() - 0.5) * 0.06;
      }
      const i = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, Math.round(base[c]! * shade)));
    }
  }
  return pixels;
}

/**
 * Gives every option of the project that has a swatch and no photo a drawn photo, stored like
 * an upload (public, with thumbnails). Returns how many were added; running again adds none.
 */
export async function addDemoPhotos({ db, storage, projectKey }: { db: Db; storage: FileStorage; projectKey: string }): Promise<number> {
  const rows = await queryRows<{ project_id: string; id: string; name: string; colour: string | null; surface: string | null; category: string | null }>(
    db,
    sql`SELECT o.project_id, o.id::text AS id, o.data->>'name' AS name, o.data->'swatch'->>'color' AS colour,
               k.data->>'surface' AS surface, k.data->>'name' AS category
        FROM items o JOIN projects p ON p.id = o.project_id AND p.key = ${projectKey}
        LEFT JOIN items k ON k.project_id = o.project_id AND k.collection = 'categories' AND k.id::text = o.data->>'category'
        WHERE o.collection = 'options' AND jsonb_array_length(coalesce(o.data->'images', '[]'::jsonb)) = 0
          AND o.data->'swatch'->>'color' IS NOT NULL`,
  );
  for (const row of rows) {
    const png = await sharp(drawPhoto(row.colour!, patternOf(row.surface, row.category ?? ''), row.name), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).png().toBuffer();
    const file = await storeFile({
      db,
      storage,
      projectId: row.project_id,
      createdBy: null,
      type: 'image/png',
      upload: { bytes: png, fileName: `${row.name}.png`, claimedType: 'image/png', configs: { purpose: 'catalogue' } },
    });
    await db.execute(sql`UPDATE items SET data = jsonb_set(data, '{images}', ${JSON.stringify([file.id])}::jsonb) WHERE id = ${row.id}::uuid`);
  }
  return rows.length;
}
