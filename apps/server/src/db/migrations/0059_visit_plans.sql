CREATE TABLE "planned_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contract_id" uuid NOT NULL,
	"contract_reference" text,
	"client_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"service_name" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"planned_date" date,
	"date" date,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"auditor_id" uuid,
	"audit_id" uuid
);
--> statement-breakpoint
CREATE INDEX "planned_visits_path_idx" ON "planned_visits" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "planned_visits_slot_idx" ON "planned_visits" USING btree ("contract_id","establishment_id","service_id","year","seq");--> statement-breakpoint
CREATE INDEX "planned_visits_client_idx" ON "planned_visits" USING btree ("client_id","year","date");--> statement-breakpoint
SELECT audit_enable_rls('planned_visits', 'tenant');
