-- Confirming cash orders (PRODUCT section 9, issue 44): a cash order waits for its shopper's yes before it ships. The
-- orders placed before it need none. The queue reads the pending ones oldest first; a phone's history at the shop is
-- found by the number's last ten digits.
ALTER TABLE "orders" ADD COLUMN "confirmation_status" text DEFAULT 'not-needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_attempts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmation_status_check" CHECK ("orders"."confirmation_status" in ('pending', 'confirmed', 'declined', 'not-needed'));--> statement-breakpoint
CREATE INDEX "orders_confirmation_pending_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."confirmation_status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_phone_key_idx" ON "orders" USING btree (right(regexp_replace("phone_number", '\D', '', 'g'), 10));
