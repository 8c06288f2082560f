ALTER TABLE "visits" DROP CONSTRAINT "visits_patient_number_key";--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_medical_group_id_medical_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "therapy_lines" DROP CONSTRAINT "therapy_lines_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_therapy_line_id_therapy_lines_id_fk";
--> statement-breakpoint
DROP INDEX "patients_study_created_idx";--> statement-breakpoint
DROP INDEX "patients_study_group_idx";--> statement-breakpoint
DROP INDEX "patients_study_creator_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "visit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "adverse_event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "serious_adverse_event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "efficacy_evaluated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "efficacy_achieved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "therapy_line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "has_active_line" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "calculated_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "config_version" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The composite keys' targets come first: a foreign key needs its unique key to exist.
ALTER TABLE "medical_groups" ADD CONSTRAINT "medical_groups_id_study_key" UNIQUE("id","study_id");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_id_study_key" UNIQUE("id","study_id");--> statement-breakpoint
ALTER TABLE "therapy_lines" ADD CONSTRAINT "therapy_lines_id_patient_key" UNIQUE("id","patient_id");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_group_same_study_fk" FOREIGN KEY ("medical_group_id","study_id") REFERENCES "public"."medical_groups"("id","study_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapy_lines" ADD CONSTRAINT "therapy_lines_patient_same_study_fk" FOREIGN KEY ("patient_id","study_id") REFERENCES "public"."patients"("id","study_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_patient_same_study_fk" FOREIGN KEY ("patient_id","study_id") REFERENCES "public"."patients"("id","study_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_line_same_patient_fk" FOREIGN KEY ("therapy_line_id","patient_id") REFERENCES "public"."therapy_lines"("id","patient_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_study_code_prefix_idx" ON "patients" USING btree ("study_id","code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_study_dashboard_idx" ON "patients" USING btree ("study_id","sex","medical_group_id","created_by","visit_count","adverse_event_count","serious_adverse_event_count","efficacy_evaluated","efficacy_achieved","therapy_line_count","has_active_line") WHERE "patients"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_patient_number_key" ON "visits" USING btree ("patient_id","visit_number") WHERE "visits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patients_study_created_idx" ON "patients" USING btree ("study_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patients_study_group_idx" ON "patients" USING btree ("study_id","medical_group_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patients_study_creator_idx" ON "patients" USING btree ("study_id","created_by","created_at","id");--> statement-breakpoint
-- Rows recorded before this migration: the per-patient figures that need no study configuration.
UPDATE "patients" p SET
  "visit_count" = (SELECT count(*) FROM "visits" v WHERE v."patient_id" = p."id" AND v."deleted_at" IS NULL),
  "therapy_line_count" = (SELECT count(*) FROM "therapy_lines" t WHERE t."patient_id" = p."id"),
  "has_active_line" = EXISTS (SELECT 1 FROM "therapy_lines" t WHERE t."patient_id" = p."id" AND t."end_date" IS NULL);
