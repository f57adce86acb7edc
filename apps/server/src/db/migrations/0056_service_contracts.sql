CREATE TABLE "service_contract_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contract_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"service_id" uuid NOT NULL,
	"service_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"group_iva" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"close_at" timestamp with time zone,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
ALTER TABLE "service_contract_lines" ADD CONSTRAINT "service_contract_lines_contract_id_service_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."service_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_contract_lines_path_idx" ON "service_contract_lines" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "service_contract_lines_contract_idx" ON "service_contract_lines" USING btree ("contract_id","position");--> statement-breakpoint
CREATE INDEX "service_contract_lines_service_idx" ON "service_contract_lines" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_contracts_path_idx" ON "service_contracts" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "service_contracts_start_idx" ON "service_contracts" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "service_contracts_status_idx" ON "service_contracts" USING btree ("status","start_date");--> statement-breakpoint
CREATE INDEX "service_contracts_space_idx" ON "service_contracts" USING btree ("space_id","start_date");--> statement-breakpoint
SELECT audit_enable_rls('service_contracts', 'tenant');--> statement-breakpoint
SELECT audit_enable_rls('service_contract_lines', 'tenant');
