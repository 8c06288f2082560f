ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'it'));--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_default_language_check" CHECK ("studies"."default_language" in ('en', 'it'));