CREATE TABLE "patient_figure_totals" (
	"study_id" integer NOT NULL,
	"medical_group_key" integer NOT NULL,
	"creator_key" integer NOT NULL,
	"sex" text NOT NULL,
	"patients" integer NOT NULL,
	"visits" integer NOT NULL,
	"adverse_events" integer NOT NULL,
	"serious_adverse_events" integer NOT NULL,
	"efficacy_evaluated" integer NOT NULL,
	"efficacy_achieved" integer NOT NULL,
	"therapy_lines" integer NOT NULL,
	"active_therapies" integer NOT NULL,
	CONSTRAINT "patient_figure_totals_study_id_medical_group_key_creator_key_sex_pk" PRIMARY KEY("study_id","medical_group_key","creator_key","sex")
);
--> statement-breakpoint
DROP INDEX "patients_study_dashboard_idx";--> statement-breakpoint
DROP INDEX "patients_study_code_prefix_idx";--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD CONSTRAINT "patient_figure_totals_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_study_code_prefix_idx" ON "patients" USING btree ("study_id","code" text_pattern_ops,"id") WHERE "patients"."deleted_at" is null;--> statement-breakpoint
-- Moves the figures of the rows a statement wrote between the buckets of patient_figure_totals
-- (see db/schema/patient-figure-totals.ts): a live row's figures are added to its bucket, the
-- figures its old version had are taken out of the old one. Once per statement, over its
-- transition tables, so a bulk write is one grouped upsert (per-row triggers would update the same
-- hot rows once per patient, and PostgreSQL slows down quadratically on one row updated 100k times
-- in a transaction). Buckets are taken in key order, so two writers never wait on each other in a
-- cycle; a statement that moved no figure (a code or date change) touches no bucket.
CREATE OR REPLACE FUNCTION patient_figure_totals_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies)
    SELECT study_id, g, c, sex, sum(p), sum(v), sum(ae), sum(sae), sum(ev), sum(ac), sum(tl), sum(al)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex,
      1 AS p, visit_count AS v, adverse_event_count AS ae, serious_adverse_event_count AS sae,
      efficacy_evaluated::int AS ev, efficacy_achieved::int AS ac, therapy_line_count AS tl,
      has_active_line::int AS al
    FROM new_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(p), sum(v), sum(ae), sum(sae), sum(ev), sum(ac), sum(tl), sum(al)) <> (0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY study_id, g, c, sex
    ON CONFLICT (study_id, medical_group_key, creator_key, sex) DO UPDATE SET
      patients = t.patients + excluded.patients,
      visits = t.visits + excluded.visits,
      adverse_events = t.adverse_events + excluded.adverse_events,
      serious_adverse_events = t.serious_adverse_events + excluded.serious_adverse_events,
      efficacy_evaluated = t.efficacy_evaluated + excluded.efficacy_evaluated,
      efficacy_achieved = t.efficacy_achieved + excluded.efficacy_achieved,
      therapy_lines = t.therapy_lines + excluded.therapy_lines,
      active_therapies = t.active_therapies + excluded.active_therapies;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies)
    SELECT study_id, g, c, sex, sum(p), sum(v), sum(ae), sum(sae), sum(ev), sum(ac), sum(tl), sum(al)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex,
      -1 AS p, -visit_count AS v, -adverse_event_count AS ae, -serious_adverse_event_count AS sae,
      -efficacy_evaluated::int AS ev, -efficacy_achieved::int AS ac, -therapy_line_count AS tl,
      -has_active_line::int AS al
    FROM old_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(p), sum(v), sum(ae), sum(sae), sum(ev), sum(ac), sum(tl), sum(al)) <> (0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY study_id, g, c, sex
    ON CONFLICT (study_id, medical_group_key, creator_key, sex) DO UPDATE SET
      patients = t.patients + excluded.patients,
      visits = t.visits + excluded.visits,
      adverse_events = t.adverse_events + excluded.adverse_events,
      serious_adverse_events = t.serious_adverse_events + excluded.serious_adverse_events,
      efficacy_evaluated = t.efficacy_evaluated + excluded.efficacy_evaluated,
      efficacy_achieved = t.efficacy_achieved + excluded.efficacy_achieved,
      therapy_lines = t.therapy_lines + excluded.therapy_lines,
      active_therapies = t.active_therapies + excluded.active_therapies;
  ELSE
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies)
    SELECT study_id, g, c, sex, sum(p), sum(v), sum(ae), sum(sae), sum(ev), sum(ac), sum(tl), sum(al)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex,
      1 AS p, visit_count AS v, adverse_event_count AS ae, serious_adverse_event_count AS sae,
      efficacy_evaluated::int AS ev, efficacy_achieved::int AS ac, therapy_line_count AS tl,
      has_active_line::int AS al
    FROM new_rows WHERE deleted_at IS NULL
    UNION ALL
    SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex,
      -1 AS p, -visit_count AS v, -adverse_event_count AS ae, -serious_adverse_event_count AS sae,
      -efficacy_evaluated::int AS ev, -efficacy_achieved::int AS ac, -therapy_line_count AS tl,
      -has_active_line::int AS al
    FROM old_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(p), sum(v), sum(ae), sum(sae), sum(ev), sum(ac), sum(tl), sum(al)) <> (0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY study_id, g, c, sex
    ON CONFLICT (study_id, medical_group_key, creator_key, sex) DO UPDATE SET
      patients = t.patients + excluded.patients,
      visits = t.visits + excluded.visits,
      adverse_events = t.adverse_events + excluded.adverse_events,
      serious_adverse_events = t.serious_adverse_events + excluded.serious_adverse_events,
      efficacy_evaluated = t.efficacy_evaluated + excluded.efficacy_evaluated,
      efficacy_achieved = t.efficacy_achieved + excluded.efficacy_achieved,
      therapy_lines = t.therapy_lines + excluded.therapy_lines,
      active_therapies = t.active_therapies + excluded.active_therapies;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER patient_figure_totals_on_insert
  AFTER INSERT ON patients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_figure_totals_track();
--> statement-breakpoint
CREATE TRIGGER patient_figure_totals_on_update
  AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_figure_totals_track();
--> statement-breakpoint
CREATE TRIGGER patient_figure_totals_on_delete
  AFTER DELETE ON patients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_figure_totals_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_figure_totals_reset() RETURNS trigger AS $$
BEGIN
  DELETE FROM patient_figure_totals;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER patient_figure_totals_reset
  AFTER TRUNCATE ON patients
  FOR EACH STATEMENT EXECUTE FUNCTION patient_figure_totals_reset();
--> statement-breakpoint
INSERT INTO patient_figure_totals (study_id, medical_group_key, creator_key, sex, patients, visits,
    adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines,
    active_therapies)
  SELECT study_id, coalesce(medical_group_id, 0), coalesce(created_by, 0), sex, count(*), sum(visit_count),
    sum(adverse_event_count), sum(serious_adverse_event_count), count(*) FILTER (WHERE efficacy_evaluated),
    count(*) FILTER (WHERE efficacy_achieved), sum(therapy_line_count), count(*) FILTER (WHERE has_active_line)
  FROM patients WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- A study's configuration never changes without its version moving: code that caches a parsed
-- configuration by (study, version) (lib/server/studies/config-cache.ts) stays right even when the
-- row is written by hand (a repair, a test that stores a broken document).
CREATE OR REPLACE FUNCTION studies_config_bumps_version() RETURNS trigger AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER studies_config_bumps_version
  BEFORE UPDATE ON studies
  FOR EACH ROW
  WHEN (NEW.config IS DISTINCT FROM OLD.config AND NEW.version = OLD.version)
  EXECUTE FUNCTION studies_config_bumps_version();
