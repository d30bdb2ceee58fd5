CREATE TABLE "card_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"up_to" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"url" text NOT NULL,
	"state" text NOT NULL,
	"payment_intent" text,
	"entry_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD CONSTRAINT "card_checkouts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_checkouts_cart_idx" ON "card_checkouts" USING btree ("cart_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_external_idx" ON "ledger_entries" USING btree ("project_id","external_id");