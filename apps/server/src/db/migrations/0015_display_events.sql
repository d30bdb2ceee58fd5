CREATE TABLE "display_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"display_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "display_events" ADD CONSTRAINT "display_events_display_id_displays_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."displays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "display_events_display_idx" ON "display_events" USING btree ("display_id","at");