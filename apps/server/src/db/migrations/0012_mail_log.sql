CREATE TABLE "mail_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_log_project_to_idx" ON "mail_log" USING btree ("project_id","to","at");--> statement-breakpoint
CREATE INDEX "mail_log_failed_idx" ON "mail_log" USING btree ("at") WHERE status = 'failed';