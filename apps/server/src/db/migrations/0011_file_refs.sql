-- Uploads know how many rows name them: the hourly sweep reads only unreferenced files
-- through a partial index instead of searching every answer, job, question and hackathon per file.
ALTER TABLE "files" ADD COLUMN "ref_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The storage keys a row of `tbl` names (a set: a key named twice by one row counts once).
CREATE FUNCTION agora_file_keys(tbl text, r jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE tbl
    WHEN 'answers' THEN ARRAY(
      SELECT DISTINCT e->>'filename'
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r->'attachments') = 'array' THEN r->'attachments' ELSE '[]'::jsonb END) e
       WHERE e->>'filename' IS NOT NULL)
    WHEN 'jobs' THEN CASE WHEN r->>'company_logo' LIKE '/uploads/%' THEN ARRAY[substr(r->>'company_logo', 10)] ELSE '{}'::text[] END
    WHEN 'hackathon_submissions' THEN CASE WHEN r->>'file_key' IS NOT NULL THEN ARRAY[r->>'file_key'] ELSE '{}'::text[] END
    ELSE CASE WHEN r->>'image_key' IS NOT NULL THEN ARRAY[r->>'image_key'] ELSE '{}'::text[] END
  END
$$;--> statement-breakpoint
CREATE FUNCTION agora_track_file_refs() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_keys text[] := '{}';
  new_keys text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN old_keys := agora_file_keys(TG_TABLE_NAME, to_jsonb(OLD)); END IF;
  IF TG_OP <> 'DELETE' THEN new_keys := agora_file_keys(TG_TABLE_NAME, to_jsonb(NEW)); END IF;
  IF old_keys = new_keys THEN RETURN NULL; END IF;
  UPDATE files SET ref_count = ref_count + 1
   WHERE key IN (SELECT unnest(new_keys) EXCEPT SELECT unnest(old_keys));
  UPDATE files SET ref_count = ref_count - 1
   WHERE key IN (SELECT unnest(old_keys) EXCEPT SELECT unnest(new_keys));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER answers_file_refs AFTER INSERT OR DELETE OR UPDATE OF attachments ON answers
  FOR EACH ROW EXECUTE FUNCTION agora_track_file_refs();--> statement-breakpoint
CREATE TRIGGER jobs_file_refs AFTER INSERT OR DELETE OR UPDATE OF company_logo ON jobs
  FOR EACH ROW EXECUTE FUNCTION agora_track_file_refs();--> statement-breakpoint
CREATE TRIGGER questions_file_refs AFTER INSERT OR DELETE OR UPDATE OF image_key ON questions
  FOR EACH ROW EXECUTE FUNCTION agora_track_file_refs();--> statement-breakpoint
CREATE TRIGGER hackathons_file_refs AFTER INSERT OR DELETE OR UPDATE OF image_key ON hackathons
  FOR EACH ROW EXECUTE FUNCTION agora_track_file_refs();--> statement-breakpoint
CREATE TRIGGER hackathon_submissions_file_refs AFTER INSERT OR DELETE OR UPDATE OF file_key ON hackathon_submissions
  FOR EACH ROW EXECUTE FUNCTION agora_track_file_refs();--> statement-breakpoint
-- Existing references, counted once.
UPDATE files f SET ref_count = c.n
  FROM (
    SELECT key, count(*)::int AS n FROM (
      SELECT unnest(agora_file_keys('answers', to_jsonb(a))) AS key FROM answers a
      UNION ALL SELECT unnest(agora_file_keys('jobs', to_jsonb(j))) FROM jobs j WHERE j.company_logo LIKE '/uploads/%'
      UNION ALL SELECT q.image_key FROM questions q WHERE q.image_key IS NOT NULL
      UNION ALL SELECT h.image_key FROM hackathons h WHERE h.image_key IS NOT NULL
      UNION ALL SELECT s.file_key FROM hackathon_submissions s WHERE s.file_key IS NOT NULL
    ) refs
    GROUP BY key
  ) c
 WHERE f.key = c.key;--> statement-breakpoint
CREATE INDEX "files_unreferenced_idx" ON "files" USING btree ("created_at") WHERE "files"."ref_count" = 0;
