CREATE TABLE "import_issues" (
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"row" integer,
	"column" text,
	"field" text,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"blocking" boolean NOT NULL,
	CONSTRAINT "import_issues_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"format" text NOT NULL,
	"mode" text NOT NULL,
	"state" text NOT NULL,
	"phase" text DEFAULT 'check' NOT NULL,
	"csv_format" text,
	"event_map" jsonb,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"preview_job_id" integer,
	"created_by" integer,
	"api_token" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"rows_done" bigint DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"groups_done" integer DEFAULT 0 NOT NULL,
	"resume_after" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{"rows":0,"patients_create":0,"patients_update":0,"patients_unchanged":0,"visits_create":0,"visits_update":0,"visits_unchanged":0,"patients_refused":0,"visits_refused":0,"issues":0,"blocking_issues":0}'::jsonb NOT NULL,
	"events" jsonb,
	"ignored_columns" jsonb,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"error" text,
	CONSTRAINT "import_jobs_state_check" CHECK ("import_jobs"."state" in ('queued', 'running', 'previewed', 'applied', 'blocked', 'failed', 'cancelled', 'interrupted')),
	CONSTRAINT "import_jobs_mode_check" CHECK ("import_jobs"."mode" in ('preview', 'apply')),
	CONSTRAINT "import_jobs_format_check" CHECK ("import_jobs"."format" in ('csv-long', 'csv-wide', 'redcap')),
	CONSTRAINT "import_jobs_phase_check" CHECK ("import_jobs"."phase" in ('check', 'write'))
);
--> statement-breakpoint
ALTER TABLE "import_issues" ADD CONSTRAINT "import_issues_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_study_idx" ON "import_jobs" USING btree ("study_id","id");--> statement-breakpoint
CREATE INDEX "import_jobs_running_idx" ON "import_jobs" USING btree ("state") WHERE "import_jobs"."state" in ('queued', 'running');