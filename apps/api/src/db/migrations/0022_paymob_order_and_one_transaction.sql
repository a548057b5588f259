-- Paymob (decision 050): the Paymob order the intention opened for our order, kept at checkout, so that only a
-- transaction Paymob says is of that order moves it or is given back; and one transaction pays one payment.
-- A transaction on two payments could only come from a replayed callback (issue 41): the earliest payment keeps it,
-- the others lose it (a refund of theirs then finds nothing to give back, as Paymob is asked first anyway).
ALTER TABLE "payments" ADD COLUMN "paymob_order_id" text;--> statement-breakpoint
UPDATE "payments" p SET "transaction_id" = NULL
  WHERE p."transaction_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "payments" q WHERE q."transaction_id" = p."transaction_id" AND (q."created_at", q."id") < (p."created_at", p."id"));
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_key" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_paymob_order_key" ON "payments" USING btree ("paymob_order_id");
