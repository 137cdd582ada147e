ALTER TABLE "ideas" ADD COLUMN "hidden_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Ideas an admin hid before this migration: those whose latest moderation entry is a hide.
UPDATE "ideas" AS i SET "hidden_by_admin" = true
WHERE i."hidden" = true
  AND (
    SELECT a."action" FROM "audit_log" AS a
    WHERE a."entity_type" = 'idea' AND a."entity_id" = i."id"::text
      AND a."action" IN ('idea.hide', 'idea.unhide')
    ORDER BY a."created_at" DESC LIMIT 1
  ) = 'idea.hide';
