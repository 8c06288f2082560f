-- Hand-written (no schema change): every change that can end a session is announced on the
-- channel session_changes, so a server's copy of a session row (lib/server/auth/session-cache.ts,
-- docs/decisions/0019) is dropped when the row changes, whoever changed it: this instance, another
-- one, or an operator by hand. Payloads: 's:<session uuid>', 'u:<user id>', '*' (truncation).
-- A session's touch (last_seen_at moving forward) is not announced: it cannot end a session.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_changes', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', 'u:' || OLD.id);
  ELSE
    PERFORM pg_notify('session_changes', 's:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_session_change_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER auth_sessions_session_change AFTER UPDATE ON auth_sessions
  FOR EACH ROW WHEN (
    OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR NEW.last_seen_at < OLD.last_seen_at
  ) EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER auth_sessions_session_delete AFTER DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER auth_sessions_session_change_truncate AFTER TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
