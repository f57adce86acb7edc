CREATE TABLE "incident_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"incident_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_evidences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"incident_id" uuid NOT NULL,
	"task_id" uuid,
	"file_id" uuid NOT NULL,
	"observation" text
);
--> statement-breakpoint
CREATE TABLE "incident_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"incident_id" uuid NOT NULL,
	"task_id" uuid,
	"kind" text NOT NULL,
	"by_id" uuid,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "incident_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"incident_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'toDo' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"responsible_id" uuid,
	"due_date" date,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"created_by" uuid,
	"reminders_sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"solved_in_place" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"risk_level" text,
	"priority" text,
	"category" text,
	"type" text,
	"responsible_id" uuid,
	"reported_by" text,
	"detected_by" text,
	"facility" text,
	"facility_type" text,
	"open_date" timestamp with time zone DEFAULT now() NOT NULL,
	"client_id" uuid,
	"establishment_id" uuid,
	"area_id" uuid,
	"place" text,
	"audit_id" uuid,
	"audit_date" timestamp with time zone,
	"auditor_id" uuid,
	"question_id" uuid,
	"template_issue_id" uuid,
	"template_id" uuid,
	"template_name" text,
	"register_id" uuid,
	"source_id" uuid,
	"created_by" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "incident_comments" ADD CONSTRAINT "incident_comments_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_evidences" ADD CONSTRAINT "incident_evidences_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_evidences" ADD CONSTRAINT "incident_evidences_task_id_incident_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."incident_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_history" ADD CONSTRAINT "incident_history_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_tasks" ADD CONSTRAINT "incident_tasks_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_comments_path_idx" ON "incident_comments" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "incident_comments_incident_idx" ON "incident_comments" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE INDEX "incident_evidences_path_idx" ON "incident_evidences" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "incident_evidences_incident_idx" ON "incident_evidences" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "incident_history_path_idx" ON "incident_history" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "incident_history_incident_idx" ON "incident_history" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE INDEX "incident_tasks_path_idx" ON "incident_tasks" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "incident_tasks_incident_idx" ON "incident_tasks" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "incident_tasks_created_idx" ON "incident_tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "incident_tasks_status_idx" ON "incident_tasks" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "incident_tasks_responsible_idx" ON "incident_tasks" USING btree ("responsible_id","status");--> statement-breakpoint
CREATE INDEX "incidents_path_idx" ON "incidents" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "incidents_kind_open_idx" ON "incidents" USING btree ("kind","open_date","id");--> statement-breakpoint
CREATE INDEX "incidents_kind_audit_date_idx" ON "incidents" USING btree ("kind","audit_date","id");--> statement-breakpoint
CREATE INDEX "incidents_kind_status_idx" ON "incidents" USING btree ("kind","status","open_date");--> statement-breakpoint
CREATE INDEX "incidents_risk_idx" ON "incidents" USING btree ("kind","risk_level","open_date");--> statement-breakpoint
CREATE INDEX "incidents_client_idx" ON "incidents" USING btree ("client_id","open_date");--> statement-breakpoint
CREATE INDEX "incidents_establishment_idx" ON "incidents" USING btree ("establishment_id","open_date");--> statement-breakpoint
CREATE INDEX "incidents_area_idx" ON "incidents" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "incidents_responsible_idx" ON "incidents" USING btree ("responsible_id","open_date");--> statement-breakpoint
CREATE INDEX "incidents_template_idx" ON "incidents" USING btree ("template_id","open_date");--> statement-breakpoint
CREATE INDEX "incidents_audit_question_idx" ON "incidents" USING btree ("audit_id","question_id");--> statement-breakpoint
CREATE INDEX "incidents_source_idx" ON "incidents" USING btree ("source_id");--> statement-breakpoint
-- Write-through, like the other trigram indexes (0022): nothing vacuums PGlite.
CREATE INDEX "incidents_name_trgm" ON "incidents" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
SELECT audit_enable_rls('incidents', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('incident_tasks', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('incident_comments', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('incident_evidences', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('incident_history', 'tenant');
--> statement-breakpoint
-- The lists' totals (platform/totals.ts, migration 0018) are dropped when these tables change.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['incidents', 'incident_tasks'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_totals', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_totals_notify()', t || '_list_totals', t);
  END LOOP;
END
$$;
