ALTER TABLE "patients" ALTER COLUMN "naive_systemic" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "naive_systemic" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "naive_biologic" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "naive_biologic" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "missing" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "confirmed_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "next_visit_type" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "next_visit_due" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "next_visit_window_end" date;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "missing" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "confirmed_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_study_next_visit_idx" ON "patients" USING btree ("study_id","next_visit_due","id") WHERE "patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patients_study_overdue_idx" ON "patients" USING btree ("study_id","next_visit_window_end","id") WHERE "patients"."deleted_at" is null and "patients"."next_visit_window_end" is not null;