ALTER TABLE "sign_in_attempts" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_device_time_idx" ON "sign_in_attempts" USING btree ("device","attempted_at");