-- idea_counts per category *and status*: the ideas list filtered by status (`?status=`) showed a
-- total that counted every idea with that status on each request (almost every idea is `new`), so
-- that read grew with the table. The counters now hold one row per (category, status); a total is
-- the sum of a few rows whatever the filter.
ALTER TABLE "idea_counts" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "idea_counts" DROP CONSTRAINT "idea_counts_pkey";--> statement-breakpoint
DELETE FROM "idea_counts";--> statement-breakpoint
INSERT INTO "idea_counts" ("category", "status", "visible")
  SELECT "category", "status", count(*)::int FROM "ideas" WHERE NOT "hidden" GROUP BY "category", "status";--> statement-breakpoint
ALTER TABLE "idea_counts" ADD CONSTRAINT "idea_counts_category_status_pk" PRIMARY KEY("category","status");--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_idea_counts_stmt() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM idea_counts;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE idea_counts c SET visible = c.visible - d.n
      FROM (SELECT category, status, count(*)::int AS n FROM old_rows WHERE NOT hidden GROUP BY category, status) d
     WHERE c.category = d.category AND c.status = d.status;
  ELSE
    INSERT INTO idea_counts (category, status, visible)
      SELECT category, status, count(*)::int FROM new_rows WHERE NOT hidden GROUP BY category, status
      ON CONFLICT (category, status) DO UPDATE SET visible = idea_counts.visible + excluded.visible;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_idea_counts_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NOT old.hidden THEN
    UPDATE idea_counts SET visible = visible - 1 WHERE category = old.category AND status = old.status;
  END IF;
  IF NOT new.hidden THEN
    INSERT INTO idea_counts (category, status, visible) VALUES (new.category, new.status, 1)
      ON CONFLICT (category, status) DO UPDATE SET visible = idea_counts.visible + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS idea_counts_update ON ideas;--> statement-breakpoint
CREATE TRIGGER idea_counts_update AFTER UPDATE OF hidden, category, status ON ideas
  FOR EACH ROW WHEN (old.hidden IS DISTINCT FROM new.hidden OR old.category IS DISTINCT FROM new.category
    OR old.status IS DISTINCT FROM new.status)
  EXECUTE FUNCTION agora_idea_counts_row();
