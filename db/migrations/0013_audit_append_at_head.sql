-- Hand-written (no schema change): one round trip appends audit rows whose hashes the server
-- computed from the chain head it expects (lib/server/audit/append-rows.ts, docs/decisions/0019).
-- The function takes the chain lock, then reads the head in a statement of its own: a VOLATILE
-- function's statements each take a new snapshot under READ COMMITTED, so the read sees the row
-- of the lock's previous holder. The rows are inserted only when that head is the expected one;
-- otherwise nothing is written and the actual head is returned (genesis for an empty trail),
-- with the lock still held, so the caller re-chains its rows on it and inserts them.
CREATE FUNCTION audit_append_at_head(lock_key bigint, expected_head text, entries jsonb)
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  head text;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key);
  SELECT hash INTO head FROM audit_logs ORDER BY id DESC LIMIT 1;
  head := coalesce(head, repeat('0', 64));
  IF head <> expected_head THEN
    RETURN head;
  END IF;
  -- Identity values follow the array order, so the chain order is the id order.
  INSERT INTO audit_logs (timestamp, user_id, user_email, action, entity_type, entity_id, study_id,
    ip_address, reason, old_values, new_values, prev_hash, hash)
  SELECT (e->>'timestamp')::timestamptz, (e->>'user_id')::integer, e->>'user_email', e->>'action',
    e->>'entity_type', e->>'entity_id', (e->>'study_id')::integer, e->>'ip_address', e->>'reason',
    nullif(e->'old_values', 'null'::jsonb), nullif(e->'new_values', 'null'::jsonb),
    e->>'prev_hash', e->>'hash'
  FROM jsonb_array_elements(entries) WITH ORDINALITY AS t(e, n)
  ORDER BY n;
  RETURN NULL;
END;
$$;
