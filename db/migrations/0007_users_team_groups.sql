ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_study_roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_study_roles" ADD CONSTRAINT "user_study_roles_group_same_study_fk" FOREIGN KEY ("medical_group_id","study_id") REFERENCES "public"."medical_groups"("id","study_id") ON DELETE no action ON UPDATE no action;