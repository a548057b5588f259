-- Paying again for an order awaiting its payment (issue 42, decision 066): an order may have more than one Paymob
-- payment (the shopper chose another way), each with the reference its intention was opened with (null: the order's
-- id, the first one's); the order's payment_intent_id names its current one, or the one that paid it.
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
DROP INDEX IF EXISTS "payments_order_key";--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");
