CREATE TABLE "lab_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report_id" uuid NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"category" text NOT NULL,
	"parameter" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text,
	"min_value" double precision,
	"max_value" double precision,
	"client_id" uuid,
	"establishment_id" uuid,
	"open_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"changed_by" uuid,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lab_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" text NOT NULL,
	"number" text NOT NULL,
	"result_code" text,
	"result" text,
	"extraction_date" date NOT NULL,
	"client_id" uuid,
	"establishment_id" uuid NOT NULL,
	"area_id" uuid,
	"qualified" boolean DEFAULT true NOT NULL,
	"score" integer,
	"pdf_file_id" uuid,
	"pdf_name" text,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "lab_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"parameter" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text,
	"min_value" double precision,
	"max_value" double precision,
	"qualified" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_incidents" ADD CONSTRAINT "lab_incidents_report_id_lab_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."lab_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_report_id_lab_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."lab_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_incidents_path_idx" ON "lab_incidents" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lab_incidents_open_idx" ON "lab_incidents" USING btree ("open_date","id");--> statement-breakpoint
CREATE INDEX "lab_incidents_status_idx" ON "lab_incidents" USING btree ("status","open_date");--> statement-breakpoint
CREATE INDEX "lab_incidents_category_idx" ON "lab_incidents" USING btree ("category","open_date");--> statement-breakpoint
CREATE INDEX "lab_incidents_report_idx" ON "lab_incidents" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "lab_incidents_establishment_idx" ON "lab_incidents" USING btree ("establishment_id","open_date");--> statement-breakpoint
CREATE INDEX "lab_reports_path_idx" ON "lab_reports" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "lab_reports_number_key" ON "lab_reports" USING btree ("establishment_id","category","number");--> statement-breakpoint
CREATE INDEX "lab_reports_category_date_idx" ON "lab_reports" USING btree ("category","extraction_date","id");--> statement-breakpoint
CREATE INDEX "lab_reports_establishment_idx" ON "lab_reports" USING btree ("establishment_id","extraction_date");--> statement-breakpoint
CREATE INDEX "lab_reports_client_idx" ON "lab_reports" USING btree ("client_id","extraction_date");--> statement-breakpoint
CREATE INDEX "lab_reports_area_idx" ON "lab_reports" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "lab_results_path_idx" ON "lab_results" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lab_results_report_idx" ON "lab_results" USING btree ("report_id","position");--> statement-breakpoint
SELECT audit_enable_rls('lab_reports', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('lab_results', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('lab_incidents', 'tenant');
--> statement-breakpoint
-- The lists' totals (platform/totals.ts, migration 0018) are dropped when these tables change.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['lab_reports', 'lab_incidents'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_totals', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_totals_notify()', t || '_list_totals', t);
  END LOOP;
END
$$;
