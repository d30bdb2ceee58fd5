CREATE TABLE "displays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"claim_code" text,
	"project_id" uuid,
	"name" text,
	"user_agent" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"health" jsonb
);
--> statement-breakpoint
ALTER TABLE "displays" ADD CONSTRAINT "displays_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "displays_claim_code_idx" ON "displays" USING btree ("claim_code") WHERE claim_code IS NOT NULL;--> statement-breakpoint
CREATE INDEX "displays_project_idx" ON "displays" USING btree ("project_id");