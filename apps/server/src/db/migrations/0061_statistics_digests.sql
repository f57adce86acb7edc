CREATE TABLE "statistics_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"last_month" text
);
--> statement-breakpoint
CREATE INDEX "statistics_digests_path_idx" ON "statistics_digests" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "statistics_digests_user_key" ON "statistics_digests" USING btree ("user_id");--> statement-breakpoint
SELECT audit_enable_rls('statistics_digests', 'tenant');
