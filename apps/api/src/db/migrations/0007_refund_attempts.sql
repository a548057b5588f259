ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Refunds a provider failed before there was a queue stayed `refunding` for good (issue 27): each becomes a job. Its
-- cancel's mail was sent then: counted as the first try, its success mails that the money is back. (A restore, which
-- replays the migrations without the queue's schema, has no job queue yet: nothing to queue there.)
UPDATE "payments" SET "refund_attempts" = 1 WHERE "status" = 'refunding';--> statement-breakpoint
DO $$
BEGIN
  IF to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_job('refund', json_build_object('paymentId', "payments"."id", 'orderId', "orders"."id"), max_attempts => 25, job_key => 'refund:' || "payments"."id")
    FROM "payments" LEFT JOIN "orders" ON "orders"."payment_intent_id" = "payments"."id"
    WHERE "payments"."status" = 'refunding';
  END IF;
END $$;
