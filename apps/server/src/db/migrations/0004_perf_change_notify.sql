-- Change notifications for the response cache (plugins/response-cache.ts): every
-- committed change to a table that cached public responses read sends NOTIFY agora_changes with
-- the table's name, and every server instance LISTENs and drops what it cached from that table.
-- NOTIFY is delivered at commit (never for a rolled-back change) and deduplicated per transaction.
CREATE OR REPLACE FUNCTION agora_notify_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('agora_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON answers
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON idea_comments
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON idea_likes
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hackathons
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hackathon_participants
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hackathon_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
-- Questions and ideas: a detail page counts a view (an update of `views` alone) on every visit;
-- that must not empty the cached lists each time, so those updates do not notify (listed view
-- counts may lag by the cache's time-to-live). Every other change does.
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR DELETE OR TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_row AFTER UPDATE ON questions
  FOR EACH ROW WHEN (old.views IS NOT DISTINCT FROM new.views) EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_stmt AFTER INSERT OR DELETE OR TRUNCATE ON ideas
  FOR EACH STATEMENT EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
CREATE TRIGGER agora_changes_row AFTER UPDATE ON ideas
  FOR EACH ROW WHEN (old.views IS NOT DISTINCT FROM new.views) EXECUTE FUNCTION agora_notify_change();
--> statement-breakpoint
-- Users: cached lists show authors' display names; follower counters and the like change often
-- and are not in them. A deleted user's content goes with it (and notifies through its tables).
CREATE TRIGGER agora_changes_row AFTER UPDATE ON users
  FOR EACH ROW WHEN (old.display_name IS DISTINCT FROM new.display_name) EXECUTE FUNCTION agora_notify_change();
