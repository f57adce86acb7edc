CREATE TABLE "lab_incident_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lab_incident_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"by_id" uuid,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "lab_incident_history" ADD CONSTRAINT "lab_incident_history_lab_incident_id_lab_incidents_id_fk" FOREIGN KEY ("lab_incident_id") REFERENCES "public"."lab_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_incident_history_path_idx" ON "lab_incident_history" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lab_incident_history_incident_idx" ON "lab_incident_history" USING btree ("lab_incident_id","created_at");--> statement-breakpoint
SELECT audit_enable_rls('lab_incident_history', 'tenant');
--> statement-breakpoint
-- Lab incidents raised before their history existed (decision 0058): their creation, by whoever saved
-- the report, and their last move as far as the row knows it (who, when and the status it reached).
INSERT INTO "lab_incident_history" ("space_id", "secure_space_path", "created_at", "lab_incident_id", "kind", "by_id", "after")
SELECT "space_id", "secure_space_path", "created_at", "id", 'created', "created_by", jsonb_build_object('status', 'DRAFT', 'parameter', "parameter", 'value', "value", 'unit', "unit")
FROM "lab_incidents";
--> statement-breakpoint
INSERT INTO "lab_incident_history" ("space_id", "secure_space_path", "created_at", "lab_incident_id", "kind", "by_id", "after")
SELECT "space_id", "secure_space_path", "changed_at", "id", 'statusChanged', "changed_by", jsonb_build_object('status', "status")
FROM "lab_incidents"
WHERE "changed_at" IS NOT NULL;
