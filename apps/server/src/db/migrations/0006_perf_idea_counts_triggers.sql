-- idea_counts (migration 0005) follows `ideas` in the same transaction as every change:
-- the ideas list shows the number of visible ideas on every page, and counting them was a scan of
-- the whole table per request. Bulk inserts and deletes (a seed, a deleted user's ideas) adjust
-- the counters once per statement; an update adjusts them only when it hides, restores or moves
-- an idea to another category (likes, comments and views leave the counter rows alone, so they
-- never wait on each other there).
CREATE OR REPLACE FUNCTION agora_idea_counts_stmt() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM idea_counts;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE idea_counts c SET visible = c.visible - d.n
      FROM (SELECT category, count(*)::int AS n FROM old_rows WHERE NOT hidden GROUP BY category) d
     WHERE c.category = d.category;
  ELSE
    INSERT INTO idea_counts (category, visible)
      SELECT category, count(*)::int FROM new_rows WHERE NOT hidden GROUP BY category
      ON CONFLICT (category) DO UPDATE SET visible = idea_counts.visible + excluded.visible;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_idea_counts_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NOT old.hidden THEN
    UPDATE idea_counts SET visible = visible - 1 WHERE category = old.category;
  END IF;
  IF NOT new.hidden THEN
    INSERT INTO idea_counts (category, visible) VALUES (new.category, 1)
      ON CONFLICT (category) DO UPDATE SET visible = idea_counts.visible + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER idea_counts_insert AFTER INSERT ON ideas
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_idea_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER idea_counts_delete AFTER DELETE ON ideas
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_idea_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER idea_counts_truncate AFTER TRUNCATE ON ideas
  FOR EACH STATEMENT EXECUTE FUNCTION agora_idea_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER idea_counts_update AFTER UPDATE OF hidden, category ON ideas
  FOR EACH ROW WHEN (old.hidden IS DISTINCT FROM new.hidden OR old.category IS DISTINCT FROM new.category)
  EXECUTE FUNCTION agora_idea_counts_row();
--> statement-breakpoint
INSERT INTO idea_counts (category, visible)
  SELECT category, count(*)::int FROM ideas WHERE NOT hidden GROUP BY category
  ON CONFLICT (category) DO UPDATE SET visible = excluded.visible;
