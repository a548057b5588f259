ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Refunds a provider failed before there was a queue stayed `refunding` for good (issue 27): each becomes a job. Its
-- cancel's mail was sent then: counted as the first try, its success mails that the money is back.
UPDATE "payments" SET "refund_attempts" = 1 WHERE "status" = 'refunding';--> statement-breakpoint
SELECT graphile_worker.add_job('refund', json_build_object('paymentId', "payments"."id", 'orderId', "orders"."id"), max_attempts => 25, job_key => 'refund:' || "payments"."id")
FROM "payments" LEFT JOIN "orders" ON "orders"."payment_intent_id" = "payments"."id"
WHERE "payments"."status" = 'refunding';
