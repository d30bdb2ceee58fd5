ALTER TABLE "displays" ADD COLUMN "pairing_code" text;--> statement-breakpoint
ALTER TABLE "displays" ADD COLUMN "pairing_secret" text;--> statement-breakpoint
ALTER TABLE "displays" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
ALTER TABLE "displays" ADD COLUMN "paired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "displays" ADD COLUMN "visitor_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "displays_pairing_code_idx" ON "displays" USING btree ("pairing_code") WHERE pairing_code IS NOT NULL;--> statement-breakpoint
CREATE INDEX "displays_visitor_seen_idx" ON "displays" USING btree ("visitor_seen_at") WHERE visitor_hash IS NOT NULL;