ALTER TABLE "spaces" ADD COLUMN "owner_space" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "admin_space" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The operator's own root space (the first start's 'main', or the demo's 'demo') is the owner's.
UPDATE "spaces" SET "owner_space" = true WHERE "parent_id" IS NULL AND "identifier" IN ('main', 'demo');
