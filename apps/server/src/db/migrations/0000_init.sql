CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"space_id" uuid NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"name" text NOT NULL,
	"super_admin" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"logo" text,
	"type_structure" text DEFAULT 'STRUCTURE' NOT NULL,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"theme" jsonb,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spaces_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "traces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"type" text NOT NULL,
	"owner_id" uuid,
	"entity_id" uuid,
	"module" text NOT NULL,
	"section" text NOT NULL,
	"payload" jsonb,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_spaces" (
	"user_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_spaces_user_id_space_id_pk" PRIMARY KEY("user_id","space_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"secure_space_path" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"phone" text,
	"avatar" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"is_auditor" boolean DEFAULT false NOT NULL,
	"report_type" text DEFAULT 'default' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"onboarding_completed" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"failed_signins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_space_name_key" ON "roles" USING btree ("space_id","name");--> statement-breakpoint
CREATE INDEX "roles_path_idx" ON "roles" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "space_access_requests_path_idx" ON "space_access_requests" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "spaces_path_idx" ON "spaces" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "spaces_parent_idx" ON "spaces" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "traces_path_idx" ON "traces" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "traces_date_idx" ON "traces" USING btree ("date");--> statement-breakpoint
CREATE INDEX "traces_entity_idx" ON "traces" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "user_spaces_path_idx" ON "user_spaces" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_path_idx" ON "users" USING btree ("secure_space_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");