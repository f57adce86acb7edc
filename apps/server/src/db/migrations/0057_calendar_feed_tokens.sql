CREATE TABLE "calendar_feed_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "calendar_feed_tokens_path_idx" ON "calendar_feed_tokens" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_user_key" ON "calendar_feed_tokens" USING btree ("user_id","space_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_hash_key" ON "calendar_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
SELECT audit_enable_rls('calendar_feed_tokens', 'tenant');