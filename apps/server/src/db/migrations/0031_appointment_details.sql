ALTER TABLE "appointments" ADD COLUMN "fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminders" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "feed_hash" text;--> statement-breakpoint
CREATE INDEX "appointments_project_idx" ON "appointments" USING btree ("project_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_feed_idx" ON "consultants" USING btree ("feed_hash");