CREATE TABLE "option_costs" (
	"project_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"cost" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "option_costs_project_id_option_id_pk" PRIMARY KEY("project_id","option_id")
);
--> statement-breakpoint
ALTER TABLE "option_costs" ADD CONSTRAINT "option_costs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;