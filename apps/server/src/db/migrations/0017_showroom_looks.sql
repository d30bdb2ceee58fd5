CREATE TABLE "showroom_looks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"display_id" uuid,
	"email" text NOT NULL,
	"look" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "showroom_looks" ADD CONSTRAINT "showroom_looks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showroom_looks" ADD CONSTRAINT "showroom_looks_display_id_displays_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."displays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showroom_looks_project_idx" ON "showroom_looks" USING btree ("project_id","created_at");