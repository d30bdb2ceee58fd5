CREATE TABLE "comment_digests" (
	"user_id" text NOT NULL,
	"project_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_digests_user_id_project_id_sent_at_pk" PRIMARY KEY("user_id","project_id","sent_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comment_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_digests" ADD CONSTRAINT "comment_digests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;