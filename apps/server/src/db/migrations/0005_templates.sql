CREATE TABLE "audit_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"category_id" uuid,
	"service_id" uuid,
	"area_access_id" uuid,
	"enabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section_id" uuid NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"value" text
);
--> statement-breakpoint
CREATE TABLE "template_ie_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section_id" uuid NOT NULL,
	"question" text NOT NULL,
	"type" text DEFAULT 'SIMPLE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_ie_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"question_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"risk_level" text NOT NULL,
	"deduction_percentage" double precision DEFAULT 0 NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"required" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"duplicable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_template_id_audit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."audit_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_section_id_template_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."template_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_ie_questions" ADD CONSTRAINT "template_ie_questions_template_id_audit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."audit_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_ie_questions" ADD CONSTRAINT "template_ie_questions_section_id_template_ie_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."template_ie_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_ie_sections" ADD CONSTRAINT "template_ie_sections_template_id_audit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."audit_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_incidents" ADD CONSTRAINT "template_incidents_template_id_audit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."audit_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_incidents" ADD CONSTRAINT "template_incidents_question_id_template_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."template_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_questions" ADD CONSTRAINT "template_questions_template_id_audit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."audit_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_questions" ADD CONSTRAINT "template_questions_section_id_template_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."template_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_sections" ADD CONSTRAINT "template_sections_template_id_audit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."audit_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_templates_language_idx" ON "audit_templates" USING btree ("language");--> statement-breakpoint
CREATE INDEX "audit_templates_category_id_idx" ON "audit_templates" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "audit_templates_service_id_idx" ON "audit_templates" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "audit_templates_area_access_id_idx" ON "audit_templates" USING btree ("area_access_id");--> statement-breakpoint
CREATE INDEX "audit_templates_enabled_idx" ON "audit_templates" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "audit_templates_path_idx" ON "audit_templates" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_templates_name_idx" ON "audit_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "audit_templates_created_idx" ON "audit_templates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "template_fields_path_idx" ON "template_fields" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "template_fields_section_idx" ON "template_fields" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "template_fields_template_idx" ON "template_fields" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "template_ie_questions_path_idx" ON "template_ie_questions" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "template_ie_questions_section_idx" ON "template_ie_questions" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "template_ie_questions_template_idx" ON "template_ie_questions" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "template_ie_sections_path_idx" ON "template_ie_sections" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "template_ie_sections_template_idx" ON "template_ie_sections" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_incidents_path_idx" ON "template_incidents" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "template_incidents_question_idx" ON "template_incidents" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "template_incidents_template_idx" ON "template_incidents" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "template_incidents_risk_idx" ON "template_incidents" USING btree ("risk_level");--> statement-breakpoint
CREATE INDEX "template_questions_path_idx" ON "template_questions" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "template_questions_section_idx" ON "template_questions" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "template_questions_template_idx" ON "template_questions" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "template_questions_type_idx" ON "template_questions" USING btree ("type");--> statement-breakpoint
CREATE INDEX "template_sections_path_idx" ON "template_sections" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "template_sections_template_idx" ON "template_sections" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_sections_type_idx" ON "template_sections" USING btree ("type");
--> statement-breakpoint
SELECT audit_enable_rls('audit_templates', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('template_sections', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('template_fields', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('template_questions', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('template_incidents', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('template_ie_sections', 'catalogue');
--> statement-breakpoint
SELECT audit_enable_rls('template_ie_questions', 'catalogue');
