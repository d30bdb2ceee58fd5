CREATE TABLE "embed_counts" (
	"project_id" uuid NOT NULL,
	"day" date NOT NULL,
	"origin" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "embed_counts_project_id_day_origin_pk" PRIMARY KEY("project_id","day","origin")
);
--> statement-breakpoint
CREATE TABLE "spent_form_tokens" (
	"nonce" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"spent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embed_counts" ADD CONSTRAINT "embed_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spent_form_tokens" ADD CONSTRAINT "spent_form_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;