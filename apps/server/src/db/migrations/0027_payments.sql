CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"paid_on" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"receipt_number" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"project_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"terms" jsonb NOT NULL,
	"deposit_percent" jsonb NOT NULL,
	"net" bigint NOT NULL,
	"taxes" jsonb NOT NULL,
	"gross" bigint NOT NULL,
	"special_order_gross" bigint NOT NULL,
	CONSTRAINT "payment_plans_cart_id_revision_pk" PRIMARY KEY("cart_id","revision")
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_receipt_idx" ON "ledger_entries" USING btree ("project_id","receipt_number");--> statement-breakpoint
CREATE INDEX "ledger_entries_cart_idx" ON "ledger_entries" USING btree ("cart_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_plans_project_idx" ON "payment_plans" USING btree ("project_id","unit_id");