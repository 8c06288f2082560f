-- Hand-written (no schema change): every change to what a study context holds is announced on the
-- channel session_changes as 't:<study id>', so a server's copy of a user's context in a study
-- (lib/server/clinical/study-context-cache.ts, docs/decisions/0019) is dropped when it changes,
-- whoever changed it: the study row (code, configuration version), a role in the study, a protocol
-- version (the one in force). '*' on truncation. A role moved to another study announces both.
CREATE FUNCTION notify_study_context_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_changes', '*');
  ELSIF TG_TABLE_NAME = 'studies' THEN
    PERFORM pg_notify('session_changes', 't:' || OLD.id);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('session_changes', 't:' || OLD.study_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('session_changes', 't:' || NEW.study_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER studies_context_change AFTER UPDATE OR DELETE ON studies
  FOR EACH ROW EXECUTE FUNCTION notify_study_context_change();--> statement-breakpoint
CREATE TRIGGER studies_context_change_truncate AFTER TRUNCATE ON studies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_study_context_change();--> statement-breakpoint
CREATE TRIGGER user_study_roles_context_change AFTER INSERT OR UPDATE OR DELETE ON user_study_roles
  FOR EACH ROW EXECUTE FUNCTION notify_study_context_change();--> statement-breakpoint
CREATE TRIGGER user_study_roles_context_change_truncate AFTER TRUNCATE ON user_study_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_study_context_change();--> statement-breakpoint
CREATE TRIGGER protocol_versions_context_change AFTER INSERT OR UPDATE OR DELETE ON protocol_versions
  FOR EACH ROW EXECUTE FUNCTION notify_study_context_change();--> statement-breakpoint
CREATE TRIGGER protocol_versions_context_change_truncate AFTER TRUNCATE ON protocol_versions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_study_context_change();
