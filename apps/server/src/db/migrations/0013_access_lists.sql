ALTER TABLE "users" ADD COLUMN "registers_access" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lab_data_access" text[] DEFAULT '{}'::text[] NOT NULL;