-- Carts left behind (PRODUCT section 9, issue 48): a cart line's last change and its language, and one reminder row per
-- cart and step, so each step is mailed once however many processes look.
ALTER TABLE "cart_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
UPDATE "cart_items" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_lang_check" CHECK ("cart_items"."lang" in ('en', 'ar'));--> statement-breakpoint
CREATE TABLE "cart_reminders" (
	"user_id" uuid NOT NULL,
	"cart_since" timestamp with time zone NOT NULL,
	"step" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "cart_reminders_pk" PRIMARY KEY("user_id","cart_since","step"),
	CONSTRAINT "cart_reminders_step_check" CHECK ("cart_reminders"."step" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_reminders_sent_at_idx" ON "cart_reminders" USING btree ("sent_at");
