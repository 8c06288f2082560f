ALTER TABLE "patients" ADD COLUMN "enrolled_on" date;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "calculation_notes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_study_enrolled_idx" ON "patients" USING btree ("study_id","enrolled_on","id") WHERE "patients"."deleted_at" is null;--> statement-breakpoint
-- Enrolment of the patients already recorded: their earliest live visit's date (decision 0028).
-- Calculation notes are not backfilled: SQL cannot run the calculation engine, so a visit written
-- before this migration says why a value is missing only after its next write or recalculation.
UPDATE "patients" AS p SET "enrolled_on" = first_visit.visit_date
FROM (
  SELECT "patient_id", min("visit_date") AS visit_date FROM "visits"
  WHERE "deleted_at" IS NULL GROUP BY "patient_id"
) AS first_visit
WHERE first_visit.patient_id = p.id;
