CREATE TABLE "cart_reminders" (
	"cart_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminders_cart_id_kind_pk" PRIMARY KEY("cart_id","kind")
);
