CREATE TABLE "recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_invalidations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_invalidations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"signature_id" integer NOT NULL,
	"invalidated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer,
	"cause" jsonb NOT NULL,
	CONSTRAINT "signature_invalidations_signature_id_unique" UNIQUE("signature_id")
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"visit_id" integer,
	"entity_type" text NOT NULL,
	"signer_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"meaning" text NOT NULL,
	"meaning_text" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data_hash" text NOT NULL,
	"covered" jsonb NOT NULL,
	CONSTRAINT "signatures_entity_type_check" CHECK ("signatures"."entity_type" in ('visit', 'patient')),
	CONSTRAINT "signatures_entity_visit_check" CHECK (("signatures"."entity_type" = 'visit') = ("signatures"."visit_id" is not null)),
	CONSTRAINT "signatures_hash_check" CHECK ("signatures"."data_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "signature_identified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "last_signature_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verification_method" text;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "locked_by" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "locked_by" integer;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_invalidations" ADD CONSTRAINT "signature_invalidations_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_invalidations" ADD CONSTRAINT "signature_invalidations_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_patient_same_study_fk" FOREIGN KEY ("patient_id","study_id") REFERENCES "public"."patients"("id","study_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signatures_patient_idx" ON "signatures" USING btree ("patient_id","id");--> statement-breakpoint
CREATE INDEX "signatures_visit_idx" ON "signatures" USING btree ("visit_id") WHERE "signatures"."visit_id" is not null;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Signatures and their invalidations are append-only (21 CFR 11.10(e), 11.70; decision 0032): the
-- database itself refuses UPDATE, DELETE and TRUNCATE, whatever the application does.
CREATE OR REPLACE FUNCTION signatures_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER signatures_no_update_delete
  BEFORE UPDATE OR DELETE ON signatures
  FOR EACH ROW EXECUTE FUNCTION signatures_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signatures_no_truncate
  BEFORE TRUNCATE ON signatures
  FOR EACH STATEMENT EXECUTE FUNCTION signatures_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signature_invalidations_no_update_delete
  BEFORE UPDATE OR DELETE ON signature_invalidations
  FOR EACH ROW EXECUTE FUNCTION signatures_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signature_invalidations_no_truncate
  BEFORE TRUNCATE ON signature_invalidations
  FOR EACH STATEMENT EXECUTE FUNCTION signatures_refuse_change();
--> statement-breakpoint
-- An email is never given to another person (11.300(a), decision 0033): an account is deactivated,
-- never renamed.
CREATE OR REPLACE FUNCTION users_email_never_reassigned() RETURNS trigger AS $$
BEGIN
  IF NEW.email IS DISTINCT FROM OLD.email THEN
    RAISE EXCEPTION 'a user''s email is never changed or reassigned' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_email_never_reassigned
  BEFORE UPDATE OF email ON users
  FOR EACH ROW EXECUTE FUNCTION users_email_never_reassigned();
