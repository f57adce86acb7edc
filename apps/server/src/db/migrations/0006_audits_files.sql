CREATE TABLE "audit_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"template_answer" jsonb NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	"failed" boolean DEFAULT false NOT NULL,
	"author_id" uuid
);
--> statement-breakpoint
CREATE TABLE "audit_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section_id" uuid NOT NULL,
	"template_field_id" uuid,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"value" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"template_issue_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"risk_level" text NOT NULL,
	"deduction_percentage" double precision DEFAULT 0 NOT NULL,
	"solved_in_place" boolean DEFAULT false NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"question_id" uuid NOT NULL,
	"issue_id" uuid,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"observation" text
);
--> statement-breakpoint
CREATE TABLE "audit_questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent" boolean DEFAULT false NOT NULL,
	"questions_answers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section_id" uuid NOT NULL,
	"template_question_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"required" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"incidences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_section_id" uuid,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"duplicable" boolean DEFAULT false NOT NULL,
	"duplicated_from" uuid,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"client_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"area_access_id" uuid,
	"auditor_id" uuid,
	"owner_id" uuid,
	"start_date" timestamp with time zone NOT NULL,
	"date_from" timestamp with time zone NOT NULL,
	"date_to" timestamp with time zone NOT NULL,
	"value_goal" double precision,
	"previous_audit_id" uuid,
	"total_score" double precision DEFAULT 0 NOT NULL,
	"final_score" double precision DEFAULT 0 NOT NULL,
	"percentage" double precision,
	"deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recalculated_risk" text DEFAULT 'LOW' NOT NULL,
	"total_issues_count" integer DEFAULT 0 NOT NULL,
	"total_issues_resolved" integer DEFAULT 0 NOT NULL,
	"high_risk_issues_count" integer DEFAULT 0 NOT NULL,
	"ie_issues_count" integer DEFAULT 0 NOT NULL,
	"medium_issues_count" integer DEFAULT 0 NOT NULL,
	"low_issues_count" integer DEFAULT 0 NOT NULL,
	"infra_issues_count" integer DEFAULT 0 NOT NULL,
	"share_enabled" boolean DEFAULT false NOT NULL,
	"pdf_status" text DEFAULT 'none' NOT NULL,
	"pdf_file_id" uuid,
	"pdf_of" timestamp with time zone,
	"finished_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"owner_id" uuid,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_pool_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_services" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_answers" ADD CONSTRAINT "audit_answers_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_answers" ADD CONSTRAINT "audit_answers_question_id_audit_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."audit_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_fields" ADD CONSTRAINT "audit_fields_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_fields" ADD CONSTRAINT "audit_fields_section_id_audit_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."audit_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_issues" ADD CONSTRAINT "audit_issues_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_issues" ADD CONSTRAINT "audit_issues_question_id_audit_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."audit_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_media" ADD CONSTRAINT "audit_media_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_media" ADD CONSTRAINT "audit_media_question_id_audit_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."audit_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_media" ADD CONSTRAINT "audit_media_issue_id_audit_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."audit_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_questionnaires" ADD CONSTRAINT "audit_questionnaires_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_questions" ADD CONSTRAINT "audit_questions_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_questions" ADD CONSTRAINT "audit_questions_section_id_audit_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."audit_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_sections" ADD CONSTRAINT "audit_sections_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_answers_path_idx" ON "audit_answers" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_answers_audit_idx" ON "audit_answers" USING btree ("audit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_answers_question_key" ON "audit_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "audit_fields_path_idx" ON "audit_fields" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_fields_audit_idx" ON "audit_fields" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audit_fields_section_idx" ON "audit_fields" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "audit_issues_path_idx" ON "audit_issues" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_issues_audit_idx" ON "audit_issues" USING btree ("audit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_issues_question_incidence_key" ON "audit_issues" USING btree ("question_id","template_issue_id");--> statement-breakpoint
CREATE INDEX "audit_issues_risk_idx" ON "audit_issues" USING btree ("risk_level");--> statement-breakpoint
CREATE INDEX "audit_media_path_idx" ON "audit_media" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_media_audit_idx" ON "audit_media" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audit_media_question_idx" ON "audit_media" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "audit_questionnaires_path_idx" ON "audit_questionnaires" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_questionnaires_audit_key" ON "audit_questionnaires" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audit_questions_path_idx" ON "audit_questions" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_questions_audit_idx" ON "audit_questions" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audit_questions_section_idx" ON "audit_questions" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "audit_sections_path_idx" ON "audit_sections" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_sections_audit_idx" ON "audit_sections" USING btree ("audit_id","position");--> statement-breakpoint
CREATE INDEX "audits_path_idx" ON "audits" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audits_status_idx" ON "audits" USING btree ("status");--> statement-breakpoint
CREATE INDEX "audits_client_idx" ON "audits" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "audits_establishment_idx" ON "audits" USING btree ("establishment_id","service_id","finished_date");--> statement-breakpoint
CREATE INDEX "audits_service_idx" ON "audits" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "audits_auditor_idx" ON "audits" USING btree ("auditor_id");--> statement-breakpoint
CREATE INDEX "audits_start_idx" ON "audits" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "audits_created_idx" ON "audits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audits_risk_idx" ON "audits" USING btree ("recalculated_risk");--> statement-breakpoint
CREATE INDEX "files_path_idx" ON "files" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
SELECT audit_enable_rls('files', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('audits', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('audit_sections', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('audit_fields', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('audit_questions', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('audit_answers', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('audit_issues', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('audit_media', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('audit_questionnaires', 'tenant');
