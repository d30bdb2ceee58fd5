CREATE TABLE "comment_reads" (
	"user_id" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reads_user_id_cart_id_pk" PRIMARY KEY("user_id","cart_id")
);
--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_comments_cart_idx" ON "items" USING btree ("project_id",("data" ->> 'cart'),"created_at","id") WHERE "items"."collection" = 'comments';