-- Issue 17, decision 0040: the ways in (recovery, sign-up, confirmation, invitations, access requests, captcha).
ALTER TABLE "users" ADD COLUMN "password_history" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "signup_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "account_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid,
	"subject_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "account_links_user_idx" ON "account_links" USING btree ("user_id","kind");
--> statement-breakpoint
CREATE INDEX "account_links_subject_idx" ON "account_links" USING btree ("subject_id","kind");
--> statement-breakpoint
CREATE TABLE "captcha_spent" (
	"salt" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"email" text NOT NULL,
	"role_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_key" ON "invitations" USING btree ("space_id",lower("email")) WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE INDEX "invitations_path_idx" ON "invitations" USING btree ("secure_space_path" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("created_at","id");
--> statement-breakpoint
CREATE TABLE "join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"message" text,
	"language" text DEFAULT 'es' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"processed_by" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_pending_key" ON "join_requests" USING btree ("space_id",lower("email")) WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE INDEX "join_requests_path_idx" ON "join_requests" USING btree ("secure_space_path" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "join_requests_created_idx" ON "join_requests" USING btree ("created_at","id");
--> statement-breakpoint
SELECT audit_enable_rls('invitations', 'tenant');
--> statement-breakpoint
SELECT audit_enable_rls('join_requests', 'tenant');
--> statement-breakpoint
-- Links hold only SHA-256 hashes of keys: an administrator's scoped transaction (invite, resend,
-- accept a request) writes them with the invitation and its e-mail, all or nothing. Nothing deletes them but the purge.
GRANT SELECT, INSERT, UPDATE ON account_links TO audit_app;
--> statement-breakpoint
-- Spent captchas are read only by the accounts service, unscoped (like refresh_tokens).
REVOKE ALL ON captcha_spent FROM audit_app;
