CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"dni" text NOT NULL,
	"birthday" date NOT NULL,
	"user_id" uuid,
	"address" text,
	"country" uuid,
	"province" uuid,
	"province_or_state" text,
	"municipality" uuid,
	"worker_profile" uuid,
	"occupation" uuid,
	"description" text,
	"client_access" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"area_access" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "employees_path_idx" ON "employees" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_key" ON "employees" USING btree ("user_id") WHERE "employees"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_dni_key" ON "employees" USING btree ("space_id","dni");--> statement-breakpoint
CREATE INDEX "employees_created_idx" ON "employees" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "employees_status_idx" ON "employees" USING btree ("status");--> statement-breakpoint
SELECT audit_enable_rls('employees', 'tenant');
