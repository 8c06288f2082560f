CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"study_id" integer NOT NULL,
	"query_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('query_assigned', 'query_answered'))
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "form_status" text DEFAULT 'in_progress' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "completed_by" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "verification" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "visits_complete" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "visits_verified" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "visits_locked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "form_status" text DEFAULT 'in_progress' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "completed_by" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "verification" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD COLUMN "patients_complete" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD COLUMN "patients_verified" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD COLUMN "visits_complete" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD COLUMN "visits_verified" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD COLUMN "visits_locked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_study_form_status_idx" ON "patients" USING btree ("study_id","form_status","created_at","id") WHERE "patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "visits_study_patient_number_idx" ON "visits" USING btree ("study_id","patient_id","visit_number") WHERE "visits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "visits_study_status_patient_idx" ON "visits" USING btree ("study_id","form_status","patient_id","visit_number") WHERE "visits"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_form_status_check" CHECK ("patients"."form_status" in ('in_progress', 'complete', 'verified', 'locked'));--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_form_status_check" CHECK ("visits"."form_status" in ('in_progress', 'complete', 'verified', 'locked'));--> statement-breakpoint
-- Data review (decision 0031): the patients' own form statuses and their visits' are figures of
-- patient_figure_totals too, so the dashboard counts them from a handful of rows. The function of
-- migration 0006, with the five new figures; its triggers are unchanged.
CREATE OR REPLACE FUNCTION patient_figure_totals_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies, patients_complete, patients_verified, visits_complete, visits_verified, visits_locked)
    SELECT study_id, g, c, sex, sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, 1 AS f_patients, visit_count AS f_visits, adverse_event_count AS f_adverse_events, serious_adverse_event_count AS f_serious_adverse_events, efficacy_evaluated::int AS f_efficacy_evaluated, efficacy_achieved::int AS f_efficacy_achieved, therapy_line_count AS f_therapy_lines, has_active_line::int AS f_active_therapies, (form_status = 'complete')::int AS f_patients_complete, (form_status = 'verified')::int AS f_patients_verified, visits_complete AS f_visits_complete, visits_verified AS f_visits_verified, visits_locked AS f_visits_locked
    FROM new_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY study_id, g, c, sex
    ON CONFLICT (study_id, medical_group_key, creator_key, sex) DO UPDATE SET
      patients = t.patients + excluded.patients,
      visits = t.visits + excluded.visits,
      adverse_events = t.adverse_events + excluded.adverse_events,
      serious_adverse_events = t.serious_adverse_events + excluded.serious_adverse_events,
      efficacy_evaluated = t.efficacy_evaluated + excluded.efficacy_evaluated,
      efficacy_achieved = t.efficacy_achieved + excluded.efficacy_achieved,
      therapy_lines = t.therapy_lines + excluded.therapy_lines,
      active_therapies = t.active_therapies + excluded.active_therapies,
      patients_complete = t.patients_complete + excluded.patients_complete,
      patients_verified = t.patients_verified + excluded.patients_verified,
      visits_complete = t.visits_complete + excluded.visits_complete,
      visits_verified = t.visits_verified + excluded.visits_verified,
      visits_locked = t.visits_locked + excluded.visits_locked;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies, patients_complete, patients_verified, visits_complete, visits_verified, visits_locked)
    SELECT study_id, g, c, sex, sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, -(1) AS f_patients, -(visit_count) AS f_visits, -(adverse_event_count) AS f_adverse_events, -(serious_adverse_event_count) AS f_serious_adverse_events, -(efficacy_evaluated::int) AS f_efficacy_evaluated, -(efficacy_achieved::int) AS f_efficacy_achieved, -(therapy_line_count) AS f_therapy_lines, -(has_active_line::int) AS f_active_therapies, -((form_status = 'complete')::int) AS f_patients_complete, -((form_status = 'verified')::int) AS f_patients_verified, -(visits_complete) AS f_visits_complete, -(visits_verified) AS f_visits_verified, -(visits_locked) AS f_visits_locked
    FROM old_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY study_id, g, c, sex
    ON CONFLICT (study_id, medical_group_key, creator_key, sex) DO UPDATE SET
      patients = t.patients + excluded.patients,
      visits = t.visits + excluded.visits,
      adverse_events = t.adverse_events + excluded.adverse_events,
      serious_adverse_events = t.serious_adverse_events + excluded.serious_adverse_events,
      efficacy_evaluated = t.efficacy_evaluated + excluded.efficacy_evaluated,
      efficacy_achieved = t.efficacy_achieved + excluded.efficacy_achieved,
      therapy_lines = t.therapy_lines + excluded.therapy_lines,
      active_therapies = t.active_therapies + excluded.active_therapies,
      patients_complete = t.patients_complete + excluded.patients_complete,
      patients_verified = t.patients_verified + excluded.patients_verified,
      visits_complete = t.visits_complete + excluded.visits_complete,
      visits_verified = t.visits_verified + excluded.visits_verified,
      visits_locked = t.visits_locked + excluded.visits_locked;
  ELSE
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies, patients_complete, patients_verified, visits_complete, visits_verified, visits_locked)
    SELECT study_id, g, c, sex, sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, 1 AS f_patients, visit_count AS f_visits, adverse_event_count AS f_adverse_events, serious_adverse_event_count AS f_serious_adverse_events, efficacy_evaluated::int AS f_efficacy_evaluated, efficacy_achieved::int AS f_efficacy_achieved, therapy_line_count AS f_therapy_lines, has_active_line::int AS f_active_therapies, (form_status = 'complete')::int AS f_patients_complete, (form_status = 'verified')::int AS f_patients_verified, visits_complete AS f_visits_complete, visits_verified AS f_visits_verified, visits_locked AS f_visits_locked
    FROM new_rows WHERE deleted_at IS NULL
    UNION ALL
    SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, -(1) AS f_patients, -(visit_count) AS f_visits, -(adverse_event_count) AS f_adverse_events, -(serious_adverse_event_count) AS f_serious_adverse_events, -(efficacy_evaluated::int) AS f_efficacy_evaluated, -(efficacy_achieved::int) AS f_efficacy_achieved, -(therapy_line_count) AS f_therapy_lines, -(has_active_line::int) AS f_active_therapies, -((form_status = 'complete')::int) AS f_patients_complete, -((form_status = 'verified')::int) AS f_patients_verified, -(visits_complete) AS f_visits_complete, -(visits_verified) AS f_visits_verified, -(visits_locked) AS f_visits_locked
    FROM old_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY study_id, g, c, sex
    ON CONFLICT (study_id, medical_group_key, creator_key, sex) DO UPDATE SET
      patients = t.patients + excluded.patients,
      visits = t.visits + excluded.visits,
      adverse_events = t.adverse_events + excluded.adverse_events,
      serious_adverse_events = t.serious_adverse_events + excluded.serious_adverse_events,
      efficacy_evaluated = t.efficacy_evaluated + excluded.efficacy_evaluated,
      efficacy_achieved = t.efficacy_achieved + excluded.efficacy_achieved,
      therapy_lines = t.therapy_lines + excluded.therapy_lines,
      active_therapies = t.active_therapies + excluded.active_therapies,
      patients_complete = t.patients_complete + excluded.patients_complete,
      patients_verified = t.patients_verified + excluded.patients_verified,
      visits_complete = t.visits_complete + excluded.visits_complete,
      visits_verified = t.visits_verified + excluded.visits_verified,
      visits_locked = t.visits_locked + excluded.visits_locked;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Locked visits were locked before form status existed: their status is locked.
UPDATE "visits" SET "form_status" = 'locked' WHERE "is_locked";
--> statement-breakpoint
UPDATE "patients" AS p SET "visits_locked" = locked.n
FROM (SELECT patient_id, count(*)::int AS n FROM "visits" WHERE "is_locked" AND "deleted_at" IS NULL GROUP BY patient_id) AS locked
WHERE locked.patient_id = p.id;
