DROP INDEX "audit_logs_timestamp_idx";--> statement-breakpoint
DROP INDEX "audit_logs_user_idx";--> statement-breakpoint
DROP INDEX "audit_logs_study_idx";--> statement-breakpoint
DROP INDEX "audit_logs_action_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_entity_type_idx" ON "audit_logs" USING btree ("entity_type","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_logs_timestamp_idx" ON "audit_logs" USING btree ("timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_logs_study_idx" ON "audit_logs" USING btree ("study_id","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","timestamp","id");