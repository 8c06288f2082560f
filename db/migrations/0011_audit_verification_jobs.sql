CREATE TABLE "audit_verification_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"started_by" integer,
	"started_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"heartbeat_at" timestamp (3) with time zone NOT NULL,
	"total_rows" bigint NOT NULL,
	"rows_checked" bigint DEFAULT 0 NOT NULL,
	"ok" boolean,
	"first_broken_row_id" bigint,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "audit_verification_jobs_state_check" CHECK ("audit_verification_jobs"."state" in ('running', 'done', 'failed', 'interrupted'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_verification_jobs_one_running" ON "audit_verification_jobs" USING btree ("state") WHERE "audit_verification_jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "audit_verification_jobs_started_idx" ON "audit_verification_jobs" USING btree ("started_at");