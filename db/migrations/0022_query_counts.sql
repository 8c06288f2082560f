ALTER TABLE "patients" ADD COLUMN "queries_open" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "queries_answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "queries_closed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD COLUMN "queries_open" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD COLUMN "queries_answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_figure_totals" ADD COLUMN "queries_closed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The patients' data queries by status are figures of patient_figure_totals too (decisions 0030,
-- 0031): the dashboard counted them over every query joined to its patient (1.5 s p95 at 200k
-- queries under load). The function of migration 0020 with three more figures; its triggers are
-- unchanged.
CREATE OR REPLACE FUNCTION patient_figure_totals_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies, patients_complete, patients_verified, visits_complete, visits_verified, visits_locked, queries_open, queries_answered, queries_closed)
    SELECT study_id, g, c, sex, sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked), sum(f_queries_open), sum(f_queries_answered), sum(f_queries_closed)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, 1 AS f_patients, visit_count AS f_visits, adverse_event_count AS f_adverse_events, serious_adverse_event_count AS f_serious_adverse_events, efficacy_evaluated::int AS f_efficacy_evaluated, efficacy_achieved::int AS f_efficacy_achieved, therapy_line_count AS f_therapy_lines, has_active_line::int AS f_active_therapies, (form_status = 'complete')::int AS f_patients_complete, (form_status = 'verified')::int AS f_patients_verified, visits_complete AS f_visits_complete, visits_verified AS f_visits_verified, visits_locked AS f_visits_locked, queries_open AS f_queries_open, queries_answered AS f_queries_answered, queries_closed AS f_queries_closed
    FROM new_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked), sum(f_queries_open), sum(f_queries_answered), sum(f_queries_closed)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
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
      visits_locked = t.visits_locked + excluded.visits_locked,
      queries_open = t.queries_open + excluded.queries_open,
      queries_answered = t.queries_answered + excluded.queries_answered,
      queries_closed = t.queries_closed + excluded.queries_closed;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies, patients_complete, patients_verified, visits_complete, visits_verified, visits_locked, queries_open, queries_answered, queries_closed)
    SELECT study_id, g, c, sex, sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked), sum(f_queries_open), sum(f_queries_answered), sum(f_queries_closed)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, -(1) AS f_patients, -(visit_count) AS f_visits, -(adverse_event_count) AS f_adverse_events, -(serious_adverse_event_count) AS f_serious_adverse_events, -(efficacy_evaluated::int) AS f_efficacy_evaluated, -(efficacy_achieved::int) AS f_efficacy_achieved, -(therapy_line_count) AS f_therapy_lines, -(has_active_line::int) AS f_active_therapies, -((form_status = 'complete')::int) AS f_patients_complete, -((form_status = 'verified')::int) AS f_patients_verified, -(visits_complete) AS f_visits_complete, -(visits_verified) AS f_visits_verified, -(visits_locked) AS f_visits_locked, -(queries_open) AS f_queries_open, -(queries_answered) AS f_queries_answered, -(queries_closed) AS f_queries_closed
    FROM old_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked), sum(f_queries_open), sum(f_queries_answered), sum(f_queries_closed)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
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
      visits_locked = t.visits_locked + excluded.visits_locked,
      queries_open = t.queries_open + excluded.queries_open,
      queries_answered = t.queries_answered + excluded.queries_answered,
      queries_closed = t.queries_closed + excluded.queries_closed;
  ELSE
    INSERT INTO patient_figure_totals AS t (study_id, medical_group_key, creator_key, sex, patients, visits, adverse_events, serious_adverse_events, efficacy_evaluated, efficacy_achieved, therapy_lines, active_therapies, patients_complete, patients_verified, visits_complete, visits_verified, visits_locked, queries_open, queries_answered, queries_closed)
    SELECT study_id, g, c, sex, sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked), sum(f_queries_open), sum(f_queries_answered), sum(f_queries_closed)
    FROM (SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, 1 AS f_patients, visit_count AS f_visits, adverse_event_count AS f_adverse_events, serious_adverse_event_count AS f_serious_adverse_events, efficacy_evaluated::int AS f_efficacy_evaluated, efficacy_achieved::int AS f_efficacy_achieved, therapy_line_count AS f_therapy_lines, has_active_line::int AS f_active_therapies, (form_status = 'complete')::int AS f_patients_complete, (form_status = 'verified')::int AS f_patients_verified, visits_complete AS f_visits_complete, visits_verified AS f_visits_verified, visits_locked AS f_visits_locked, queries_open AS f_queries_open, queries_answered AS f_queries_answered, queries_closed AS f_queries_closed
    FROM new_rows WHERE deleted_at IS NULL
    UNION ALL
    SELECT study_id, coalesce(medical_group_id, 0) AS g, coalesce(created_by, 0) AS c, sex, -(1) AS f_patients, -(visit_count) AS f_visits, -(adverse_event_count) AS f_adverse_events, -(serious_adverse_event_count) AS f_serious_adverse_events, -(efficacy_evaluated::int) AS f_efficacy_evaluated, -(efficacy_achieved::int) AS f_efficacy_achieved, -(therapy_line_count) AS f_therapy_lines, -(has_active_line::int) AS f_active_therapies, -((form_status = 'complete')::int) AS f_patients_complete, -((form_status = 'verified')::int) AS f_patients_verified, -(visits_complete) AS f_visits_complete, -(visits_verified) AS f_visits_verified, -(visits_locked) AS f_visits_locked, -(queries_open) AS f_queries_open, -(queries_answered) AS f_queries_answered, -(queries_closed) AS f_queries_closed
    FROM old_rows WHERE deleted_at IS NULL) AS moved
    GROUP BY study_id, g, c, sex
    HAVING (sum(f_patients), sum(f_visits), sum(f_adverse_events), sum(f_serious_adverse_events), sum(f_efficacy_evaluated), sum(f_efficacy_achieved), sum(f_therapy_lines), sum(f_active_therapies), sum(f_patients_complete), sum(f_patients_verified), sum(f_visits_complete), sum(f_visits_verified), sum(f_visits_locked), sum(f_queries_open), sum(f_queries_answered), sum(f_queries_closed)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
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
      visits_locked = t.visits_locked + excluded.visits_locked,
      queries_open = t.queries_open + excluded.queries_open,
      queries_answered = t.queries_answered + excluded.queries_answered,
      queries_closed = t.queries_closed + excluded.queries_closed;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The queries already recorded, counted onto their patients (the trigger moves the totals).
UPDATE "patients" AS p SET
  "queries_open" = counted.open, "queries_answered" = counted.answered, "queries_closed" = counted.closed
FROM (SELECT patient_id,
    (count(*) FILTER (WHERE status = 'open'))::int AS open,
    (count(*) FILTER (WHERE status = 'answered'))::int AS answered,
    (count(*) FILTER (WHERE status = 'closed'))::int AS closed
  FROM "queries" GROUP BY patient_id) AS counted
WHERE counted.patient_id = p.id;
