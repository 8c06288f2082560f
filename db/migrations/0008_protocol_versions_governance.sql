-- Protocol versions govern every configuration change once a study has data (decision 0013).
ALTER TABLE "protocol_versions" DROP CONSTRAINT "protocol_versions_status_check";--> statement-breakpoint
ALTER TABLE "protocol_versions" ADD CONSTRAINT "protocol_versions_status_check" CHECK ("protocol_versions"."status" in ('draft', 'pending_approval', 'active', 'superseded', 'rejected'));--> statement-breakpoint
UPDATE "protocol_versions" SET "is_active" = ("status" = 'active') WHERE "is_active" <> ("status" = 'active');--> statement-breakpoint
ALTER TABLE "protocol_versions" ADD CONSTRAINT "protocol_versions_is_active_check" CHECK ("protocol_versions"."is_active" = ("protocol_versions"."status" = 'active'));--> statement-breakpoint
-- The composite key's target comes first: a foreign key needs its unique key to exist.
ALTER TABLE "protocol_versions" ADD CONSTRAINT "protocol_versions_id_study_key" UNIQUE("id","study_id");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_versions_one_active_key" ON "protocol_versions" USING btree ("study_id") WHERE "protocol_versions"."status" = 'active';--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "protocol_version_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_protocol_version_same_study_fk" FOREIGN KEY ("protocol_version_id","study_id") REFERENCES "public"."protocol_versions"("id","study_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_protocol_version_idx" ON "visits" USING btree ("protocol_version_id");--> statement-breakpoint
-- Studies that already hold patients get their live configuration recorded as the version in
-- force, and their visits point at it: from here on every change of their config is a version.
INSERT INTO "protocol_versions" ("study_id", "version_number", "version_date", "effective_from", "amendment_reason", "config", "status", "is_active")
SELECT s."id",
       COALESCE((SELECT max(pv."version_number") FROM "protocol_versions" pv WHERE pv."study_id" = s."id"), 0) + 1,
       current_date, s."created_at"::date, 'Protocol in force when versioning began', s."config", 'active', true
FROM "studies" s
WHERE EXISTS (SELECT 1 FROM "patients" p WHERE p."study_id" = s."id")
  AND NOT EXISTS (SELECT 1 FROM "protocol_versions" pv WHERE pv."study_id" = s."id" AND pv."status" = 'active');--> statement-breakpoint
UPDATE "visits" v SET "protocol_version_id" = pv."id"
FROM "protocol_versions" pv
WHERE pv."study_id" = v."study_id" AND pv."status" = 'active' AND v."protocol_version_id" IS NULL;--> statement-breakpoint
-- Versions other than drafts are immutable. The one change allowed is the approval's
-- active -> superseded, which may set only status, is_active and effective_to.
CREATE OR REPLACE FUNCTION protocol_versions_guard() RETURNS trigger AS $$
BEGIN
  IF OLD."status" = 'draft' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."status" = 'active' AND NEW."status" = 'superseded'
     AND (to_jsonb(NEW) - 'status' - 'is_active' - 'effective_to')
       = (to_jsonb(OLD) - 'status' - 'is_active' - 'effective_to') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'protocol version % is % and cannot be changed (%)', OLD."id", OLD."status", TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER protocol_versions_immutable
  BEFORE UPDATE OR DELETE ON "protocol_versions"
  FOR EACH ROW EXECUTE FUNCTION protocol_versions_guard();
