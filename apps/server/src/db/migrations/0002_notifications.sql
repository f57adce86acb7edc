CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_owner_idx" ON "notifications" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_path_idx" ON "notifications" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
SELECT audit_enable_rls('notifications', 'tenant');
