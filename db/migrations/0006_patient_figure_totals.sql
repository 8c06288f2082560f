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
ALTER TABLE "patient_figure_totals" ADD CONSTRAINT "patient_figure_totals_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Adds a change of figures to one bucket of patient_figure_totals (see db/schema/patient-figure-totals.ts).
CREATE OR REPLACE FUNCTION patient_figure_totals_shift(
  p_study integer, p_group integer, p_creator integer, p_sex text,
  d_patients integer, d_visits integer, d_adverse integer, d_serious integer,
  d_evaluated integer, d_achieved integer, d_lines integer, d_active integer
) RETURNS void AS $$
BEGIN
  INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits,
      adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines,
      active_therapies)
    VALUES (p_study, coalesce(p_group, 0), coalesce(p_creator, 0), p_sex, d_patients, d_visits, d_adverse,
      d_serious, d_evaluated, d_achieved, d_lines, d_active)
    ON CONFLICT (study_id, medical_group_key, creator_key, sex) DO UPDATE SET
      patients = t.patients + excluded.patients,
      visits = t.visits + excluded.visits,
      adverse_events = t.adverse_events + excluded.adverse_events,
      serious_adverse_events = t.serious_adverse_events + excluded.serious_adverse_events,
      efficacy_evaluated = t.efficacy_evaluated + excluded.efficacy_evaluated,
      efficacy_achieved = t.efficacy_achieved + excluded.efficacy_achieved,
      therapy_lines = t.therapy_lines + excluded.therapy_lines,
      active_therapies = t.active_therapies + excluded.active_therapies;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A live patient counts in its bucket; a soft-deleted one does not. Each insert, update or delete
-- of a patient moves its figures: out of the old bucket (when it was live), into the new one (when
-- it is live); an update inside one bucket is one combined shift, and nothing when no figure moved.
CREATE OR REPLACE FUNCTION patient_figure_totals_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NULL
     AND OLD.study_id = NEW.study_id AND OLD.sex = NEW.sex
     AND OLD.medical_group_id IS NOT DISTINCT FROM NEW.medical_group_id
     AND OLD.created_by IS NOT DISTINCT FROM NEW.created_by THEN
    IF (OLD.visit_count, OLD.adverse_event_count, OLD.serious_adverse_event_count, OLD.efficacy_evaluated,
        OLD.efficacy_achieved, OLD.therapy_line_count, OLD.has_active_line)
       IS DISTINCT FROM
       (NEW.visit_count, NEW.adverse_event_count, NEW.serious_adverse_event_count, NEW.efficacy_evaluated,
        NEW.efficacy_achieved, NEW.therapy_line_count, NEW.has_active_line) THEN
      PERFORM patient_figure_totals_shift(NEW.study_id, NEW.medical_group_id, NEW.created_by, NEW.sex, 0,
        NEW.visit_count - OLD.visit_count,
        NEW.adverse_event_count - OLD.adverse_event_count,
        NEW.serious_adverse_event_count - OLD.serious_adverse_event_count,
        NEW.efficacy_evaluated::int - OLD.efficacy_evaluated::int,
        NEW.efficacy_achieved::int - OLD.efficacy_achieved::int,
        NEW.therapy_line_count - OLD.therapy_line_count,
        NEW.has_active_line::int - OLD.has_active_line::int);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    PERFORM patient_figure_totals_shift(OLD.study_id, OLD.medical_group_id, OLD.created_by, OLD.sex, -1,
      -OLD.visit_count, -OLD.adverse_event_count, -OLD.serious_adverse_event_count,
      -OLD.efficacy_evaluated::int, -OLD.efficacy_achieved::int, -OLD.therapy_line_count,
      -OLD.has_active_line::int);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    PERFORM patient_figure_totals_shift(NEW.study_id, NEW.medical_group_id, NEW.created_by, NEW.sex, 1,
      NEW.visit_count, NEW.adverse_event_count, NEW.serious_adverse_event_count,
      NEW.efficacy_evaluated::int, NEW.efficacy_achieved::int, NEW.therapy_line_count,
      NEW.has_active_line::int);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Deferred to commit: the buckets are hot rows (every visit write of a study moves one), so they are
-- locked only while the transaction commits, after the audit chain's lock already orders writers.
CREATE CONSTRAINT TRIGGER patient_figure_totals_track
  AFTER INSERT OR UPDATE OR DELETE ON patients
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION patient_figure_totals_track();
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
