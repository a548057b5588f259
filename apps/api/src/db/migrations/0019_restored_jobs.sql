-- The job queue's jobs as a backup carried them, until the restored shop's first start hands them to the queue
-- (decision 025, plugins/app/jobs.ts).
CREATE TABLE "restored_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restored_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"key" text,
	"attempts" integer NOT NULL,
	"max_attempts" integer NOT NULL,
	"last_error" text
);
