import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../client.ts';
import type { FileStorage } from '../../modules/files/storage.ts';
import { storeFile } from '../../modules/files/files.operations.ts';

/**
 * Product photos for the demo catalogue, drawn here rather than downloaded: each option gets a
 * picture of what it is — in its swatch's colour, planks for floors, a paint chip for walls,
 * door panels for cabinets, speckled stone for counters, tiles for backsplashes and bathrooms,
 * brushed metal for hardware; without a swatch, a lit pendant for lighting, a stainless
 * appliance front for appliances, a wall plate with outlets for electrical work
 * (docs/operations.md, "Demo accounts").
 */

const WIDTH = 480;
const HEIGHT = 360;

type Pattern = 'planks' | 'paint' | 'panels' | 'stone' | 'tiles' | 'metal' | 'light' | 'appliance' | 'outlet' | 'plain';

/** The colour of a picture whose option has no swatch: warm brass light, stainless steel, a white plate. */
const COLOUR_WITHOUT_SWATCH: Partial<Record<Pattern, string>> = {
  light: '#e0b66a',
  appliance: '#b8bcc0',
  outlet: '#f4f2ec',
  plain: '#c9c3b8',
};

function patternOf(surface: string | null, category: string): Pattern {
  if (/tile/i.test(category)) return 'tiles';
  if (/light/i.test(category)) return 'light';
  if (/appliance/i.test(category)) return 'appliance';
  if (/electric/i.test(category)) return 'outlet';
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

/** A pendant over a dark ceiling: the cord, the shade in the option's colour, and its glow. */
function lightShade(x: number, y: number): number {
  const cx = WIDTH / 2;
  const top = 120;
  if (y < top && Math.abs(x - cx) < 2) return 0.25;
  const halfWidth = 30 + (y - top) * 0.9;
  if (y >= top && y < top + 60 && Math.abs(x - cx) < halfWidth) return 0.85 + 0.15 * ((y - top) / 60);
  const d2 = (x - cx) ** 2 + ((y - (top + 70)) * 1.4) ** 2;
  return 0.22 + 1.1 * Math.exp(-d2 / 9000);
}

/** A double outlet on a wall: the plate lighter than the wall, the slots dark. */
function outletShade(x: number, y: number): number {
  const inPlate = Math.abs(x - WIDTH / 2) < 70 && Math.abs(y - HEIGHT / 2) < 115;
  if (!inPlate) return Math.abs(x - WIDTH / 2) < 74 && Math.abs(y - HEIGHT / 2 - 4) < 119 ? 0.8 : 0.9;
  for (const cy of [HEIGHT / 2 - 55, HEIGHT / 2 + 55]) {
    const dy = y - cy;
    if (Math.abs(dy) < 34 && Math.abs(x - WIDTH / 2) < 38) {
      if (Math.abs(dy + 8) < 10 && (Math.abs(x - WIDTH / 2 + 16) < 3 || Math.abs(x - WIDTH / 2 - 16) < 3)) return 0.15;
      if ((x - WIDTH / 2) ** 2 + (dy - 16) ** 2 < 36) return 0.15;
      return 1.02;
    }
  }
  return 1.06;
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
      } else if (pattern === 'light') {
        shade = lightShade(x, y);
      } else if (pattern === 'appliance') {
        shade = 0.92 + 0.06 * Math.sin(y * 1.7) + (random() - 0.5) * 0.04;
        if (y < 40) shade = 0.35;
        if (Math.abs(y - 150) < 2 || x < 3 || x > WIDTH - 4) shade = 0.6;
        if (x > 40 && x < 52 && ((y > 60 && y < 135) || (y > 170 && y < 320))) shade = 0.7;
        if (y > 12 && y < 28 && x > 330 && x < 460 && (x - 330) % 30 < 16) shade = 0.9;
      } else if (pattern === 'outlet') {
        shade = outletShade(x, y);
      }
      const i = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, Math.round(base[c]! * shade)));
    }
  }
  return pixels;
}

/**
 * Gives every option of the project without a photo a drawn one, stored like an upload
 * (public, with thumbnails). Returns how many were added; running again adds none.
 */
export async function addDemoPhotos({
  db,
  storage,
  projectKey,
}: {
  db: Db;
  storage: FileStorage;
  projectKey: string;
}): Promise<number> {
  const rows = await sqlRows<{
    project_id: string;
    id: string;
    name: string;
    colour: string | null;
    surface: string | null;
    category: string | null;
  }>(
    db,
    sql`SELECT o.project_id, o.id::text AS id, o.data->>'name' AS name, o.data->'swatch'->>'color' AS colour,
               k.data->>'surface' AS surface, k.data->>'name' AS category
        FROM items o JOIN projects p ON p.id = o.project_id AND p.key = ${projectKey}
        LEFT JOIN items k ON k.project_id = o.project_id AND k.collection = 'categories' AND k.id::text = o.data->>'category'
        WHERE o.collection = 'options' AND jsonb_array_length(coalesce(o.data->'images', '[]'::jsonb)) = 0`,
  );
  const sharp = (await import('sharp')).default;
  for (const row of rows) {
    const pattern = patternOf(row.surface, row.category ?? '');
    const colour = row.colour ?? COLOUR_WITHOUT_SWATCH[pattern] ?? COLOUR_WITHOUT_SWATCH.plain!;
    const png = await sharp(drawPhoto(colour, pattern, row.name), {
      raw: { width: WIDTH, height: HEIGHT, channels: 3 },
    })
      .png()
      .toBuffer();
    const file = await storeFile({
      db,
      storage,
      projectId: row.project_id,
      createdBy: null,
      type: 'image/png',
      upload: { bytes: png, fileName: `${row.name}.png`, claimedType: 'image/png', configs: { purpose: 'catalogue' } },
    });
    await db.execute(
      sql`UPDATE items SET data = jsonb_set(data, '{images}', ${JSON.stringify([file.id])}::jsonb) WHERE project_id = ${row.project_id} AND collection = 'options' AND id = ${row.id}::uuid`,
    );
  }
  return rows.length;
}
