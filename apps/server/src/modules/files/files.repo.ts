import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

/** A stored file's record: its name, type, size and where storage keeps its bytes (docs/files.md). */
export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

/** A file of this project only: the same id in another project is not found. */
export async function findFile(db: Db, projectId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.projectId, projectId), eq(files.id, id)));
  return row;
}

export async function filesOfProject(db: Db, projectId: string): Promise<FileRow[]> {
  return db.select().from(files).where(eq(files.projectId, projectId)).orderBy(files.id);
}

/** Adds an image's GPU texture to its thumbnails, unless another process added one first. */
export async function addTexture(db: Db, id: string, texture: FileRow['thumbnails'][number]): Promise<void> {
  await db
    .update(files)
    .set({ thumbnails: sql`${files.thumbnails} || ${JSON.stringify([texture])}::jsonb` })
    .where(and(eq(files.id, id), sql`NOT ${files.thumbnails} @> ${JSON.stringify([{ type: texture.type }])}::jsonb`));
}
