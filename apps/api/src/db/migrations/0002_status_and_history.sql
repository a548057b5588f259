ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Existing orders: placed (accepted) when they were created; a canceled one is canceled, at a moment nobody wrote
-- down, so its creation time stands in for it (decision 012).
UPDATE "orders" SET
  "status" = CASE WHEN "is_canceled" THEN 'canceled' ELSE 'accepted' END,
  "history" = jsonb_build_array(jsonb_build_object('status', 'accepted', 'at', to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    || CASE WHEN "is_canceled" THEN jsonb_build_array(jsonb_build_object('status', 'canceled', 'at', to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) ELSE '[]'::jsonb END;--> statement-breakpoint
-- An order answered again to a retried new-order carries the fields too: it was accepted when it was placed.
UPDATE "idempotency_keys" SET "response_body" = "response_body" || jsonb_build_object('status', 'accepted', 'history', jsonb_build_array(jsonb_build_object('status', 'accepted', 'at', "response_body"->'createdAt'))) WHERE jsonb_typeof("response_body") = 'object' AND NOT "response_body" ? 'status';--> statement-breakpoint
CREATE INDEX "orders_status_created_at_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("status" in ('accepted', 'shipped', 'delivered', 'canceled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_is_canceled_check" CHECK ("orders"."is_canceled" = ("orders"."status" = 'canceled'));
