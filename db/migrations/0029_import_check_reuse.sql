ALTER TABLE "import_jobs" ADD COLUMN "checked_study_version" integer;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "check_reused" boolean DEFAULT false NOT NULL;