import { rowsOf } from '../decor/index.ts';
import { fieldIn, type Language, type Translations } from '@decor/core';
import { sql } from 'drizzle-orm';
import { hotSqlRows, sqlRows, type Db } from '../../db/client.ts';

/** What the widget shows of a project: each package with the prices of its options, the units' public face, and catalogue photos. */
export async function widgetContent(db: Db, projectId: string, language?: Language) {
  const [packages, units, photos] = await Promise.all([
    hotSqlRows<{ id: string; name: string; description: string; price: number; translations: Translations | null }>(
      db,
      sql`SELECT p.id::text AS id, p.data->>'name' AS name, coalesce(p.data->>'description', '') AS description, p.data->'translations' AS translations,
               (coalesce((p.data->>'priceAdjustment')::bigint, 0) + coalesce((
                 SELECT sum((o.data->>'price')::bigint) FROM ${rowsOf('options')} o WHERE o.project_id = p.project_id AND o.id::text IN (SELECT jsonb_array_elements_text(p.data->'options'))
               ), 0))::float8 AS price
          FROM ${rowsOf('packages')} p WHERE p.project_id = ${projectId} ORDER BY p.data->>'name', p.id LIMIT 24`,
    ),
    hotSqlRows<{ name: string; floor: number; status: string }>(
      db,
      sql`SELECT data->>'name' AS name, (data->>'floor')::int AS floor, coalesce(data->>'status', 'available') AS status
          FROM ${rowsOf('units')} r WHERE project_id = ${projectId} ORDER BY (data->>'floor')::int DESC, data->>'name' LIMIT 2000`,
    ),
    hotSqlRows<{ file: string; name: string; translations: Translations | null }>(
      db,
      sql`SELECT data->'images'->>0 AS file, data->>'name' AS name, data->'translations' AS translations FROM ${rowsOf('options')} r
          WHERE project_id = ${projectId} AND jsonb_array_length(coalesce(data->'images', '[]')) > 0
            AND coalesce((data->>'active')::boolean, true)
          ORDER BY (data->>'price')::bigint DESC, id LIMIT 12`,
    ),
  ]);
  // The catalogue's words in the visitor's language where written (docs/languages.md).
  return {
    packages: packages.map(({ translations, ...p }) => ({
      ...p,
      name: fieldIn({ ...p, translations }, language),
      description: fieldIn({ ...p, translations }, language, 'description'),
    })),
    units,
    photos: photos.map(({ translations, ...p }) => ({ ...p, name: fieldIn({ ...p, translations }, language) })),
  };
}

/** Counts one view or click of the widget on a site today (no cookie, no person: the project, the day and the site). */
export async function countEmbed(db: Db, projectId: string, origin: string, kind: 'views' | 'clicks'): Promise<void> {
  const column = kind === 'views' ? sql`views` : sql`clicks`;
  await sqlRows(
    db,
    sql`INSERT INTO embed_counts (project_id, day, origin, ${column}) VALUES (${projectId}, current_date, ${origin}, 1)
        ON CONFLICT (project_id, day, origin) DO UPDATE SET ${column} = embed_counts.${column} + 1`,
  );
}

/** The widget's views and clicks of the last 30 days, per site. */
export async function embedCountsOf(db: Db, projectId: string) {
  return hotSqlRows<{ origin: string; views: number; clicks: number }>(
    db,
    sql`SELECT origin, sum(views)::int AS views, sum(clicks)::int AS clicks FROM embed_counts
        WHERE project_id = ${projectId} AND day > current_date - 30 GROUP BY origin ORDER BY sum(views) DESC, origin LIMIT 50`,
  );
}
