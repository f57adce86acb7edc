ALTER TABLE "incidents" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "superseded_by" uuid;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "superseded_reason" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "superseded_by_incident_id" uuid;--> statement-breakpoint
CREATE INDEX "incidents_superseded_by_idx" ON "incidents" USING btree ("superseded_by_incident_id");
--> statement-breakpoint
-- Incidents superseded before 0046 (decision 0063): when and by whom from their last status change to superseded;
-- a move that named an audit was a newer audit's finish, any other a manual move.
UPDATE "incidents" i SET
  "superseded_at" = h."created_at",
  "superseded_by" = h."by_id",
  "superseded_reason" = CASE WHEN h."after" ? 'by' THEN 'newerAudit' ELSE 'manual' END
FROM (
  SELECT DISTINCT ON ("incident_id") "incident_id", "created_at", "by_id", "after"
  FROM "incident_history"
  WHERE "kind" = 'statusChanged' AND "after"->>'status' = 'superseded'
  ORDER BY "incident_id", "created_at" DESC
) h
WHERE h."incident_id" = i."id" AND i."status" = 'superseded';
