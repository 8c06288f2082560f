CREATE TABLE "api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"study_id" integer NOT NULL,
	"access" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "api_tokens_access_check" CHECK ("api_tokens"."access" in ('read', 'write'))
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "api_token" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
-- Hand-written: the one-round-trip append (0013) writes the new column too
-- (docs/decisions/0036-personal-api-tokens.md).
CREATE OR REPLACE FUNCTION audit_append_at_head(lock_key bigint, expected_head text, entries jsonb)
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
    ip_address, reason, old_values, new_values, api_token, prev_hash, hash)
  SELECT (e->>'timestamp')::timestamptz, (e->>'user_id')::integer, e->>'user_email', e->>'action',
    e->>'entity_type', e->>'entity_id', (e->>'study_id')::integer, e->>'ip_address', e->>'reason',
    nullif(e->'old_values', 'null'::jsonb), nullif(e->'new_values', 'null'::jsonb),
    e->>'api_token', e->>'prev_hash', e->>'hash'
  FROM jsonb_array_elements(entries) WITH ORDINALITY AS t(e, n)
  ORDER BY n;
  RETURN NULL;
END;
$$;
