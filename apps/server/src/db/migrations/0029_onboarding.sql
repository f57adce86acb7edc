-- Issue 17, decision 0041: onboarding, switched on per space.
ALTER TABLE "spaces" ADD COLUMN "onboarding_active" boolean DEFAULT false NOT NULL;
