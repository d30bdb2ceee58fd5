-- Units that already share a name in their project (case and outer spaces aside) are told
-- apart first: the later ones get " (2)", " (3)"… so that the unique index can be made.
UPDATE "items" AS i
   SET "data" = jsonb_set(i."data", '{name}', to_jsonb((i."data" ->> 'name') || ' (' || d.n || ')'))
  FROM (
    SELECT "project_id", "id", row_number() OVER (PARTITION BY "project_id", lower(btrim("data" ->> 'name')) ORDER BY "created_at", "id") AS n
      FROM "items" WHERE "collection" = 'units' AND "data" ->> 'name' IS NOT NULL
  ) AS d
 WHERE i."project_id" = d."project_id" AND i."collection" = 'units' AND i."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "items_unit_name_idx" ON "items" USING btree ("project_id",lower(btrim("data" ->> 'name'))) WHERE "items"."collection" = 'units';
