CREATE TABLE "queries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"visit_id" integer,
	"entity_type" text NOT NULL,
	"field" text,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" integer,
	"opened_by" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queries_entity_type_check" CHECK ("queries"."entity_type" in ('patient', 'visit')),
	CONSTRAINT "queries_status_check" CHECK ("queries"."status" in ('open', 'answered', 'closed')),
	CONSTRAINT "queries_entity_visit_check" CHECK (("queries"."entity_type" = 'visit') = ("queries"."visit_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "query_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "query_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"query_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"text" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "query_steps_kind_check" CHECK ("query_steps"."kind" in ('open', 'response', 'close', 'reopen')),
	CONSTRAINT "query_steps_category_check" CHECK (("query_steps"."kind" = 'response') = ("query_steps"."category" is not null) and ("query_steps"."category" is null or "query_steps"."category" in ('data_missing', 'typing_error', 'confirmed_correct', 'wrong_source', 'other')))
);
--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_patient_same_study_fk" FOREIGN KEY ("patient_id","study_id") REFERENCES "public"."patients"("id","study_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_visit_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_steps" ADD CONSTRAINT "query_steps_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_steps" ADD CONSTRAINT "query_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queries_study_created_idx" ON "queries" USING btree ("study_id","created_at","id");--> statement-breakpoint
CREATE INDEX "queries_study_status_created_idx" ON "queries" USING btree ("study_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "queries_patient_idx" ON "queries" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "queries_assignee_status_idx" ON "queries" USING btree ("assignee_id","status") WHERE "queries"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "query_steps_query_idx" ON "query_steps" USING btree ("query_id","id");