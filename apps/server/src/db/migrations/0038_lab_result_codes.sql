CREATE TABLE "lab_result_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lab_result_codes_space_code_key" ON "lab_result_codes" USING btree ("space_id","code");--> statement-breakpoint
CREATE INDEX "lab_result_codes_path_idx" ON "lab_result_codes" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lab_result_codes_name_idx" ON "lab_result_codes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "lab_result_codes_created_idx" ON "lab_result_codes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_result_codes_space_name_key" ON "lab_result_codes" USING btree ("space_id",lower("name"));--> statement-breakpoint
SELECT audit_enable_rls('lab_result_codes', 'catalogue');--> statement-breakpoint
-- Decision 0053: every company starts with the five result codes the product document names.
INSERT INTO "lab_result_codes" ("space_id", "secure_space_path", "name", "code")
SELECT s."id", s."secure_space_path", v."name", v."code"
FROM "spaces" s
CROSS JOIN (VALUES ('LIS', 'Listeria monocytogenes'), ('SAL', 'Salmonella spp.'), ('LEG', 'Legionella pneumophila'), ('ECO', 'Escherichia coli'), ('COL', 'Coliformes')) AS v("code", "name")
WHERE s."parent_id" IS NULL
ON CONFLICT DO NOTHING;
