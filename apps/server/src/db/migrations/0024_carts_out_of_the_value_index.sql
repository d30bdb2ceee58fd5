DROP INDEX "items_data_gin_idx";--> statement-breakpoint
CREATE INDEX "items_data_gin_idx" ON "items" USING gin ("data" jsonb_path_ops) WHERE "items"."collection" <> 'carts';