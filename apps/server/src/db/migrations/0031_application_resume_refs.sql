-- An application names its résumé (job_applications.resume_key): the file's ref_count counts it,
-- as 0011 counts every other row that names an upload, so the sweep of unreferenced uploads never
-- takes a résumé an application still points to, and takes it once the application is gone.
CREATE OR REPLACE FUNCTION agora_file_keys(tbl text, r jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE tbl
    WHEN 'answers' THEN ARRAY(
      SELECT DISTINCT e->>'filename'
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r->'attachments') = 'array' THEN r->'attachments' ELSE '[]'::jsonb END) e
       WHERE e->>'filename' IS NOT NULL)
    WHEN 'jobs' THEN CASE WHEN r->>'company_logo' LIKE '/uploads/%' THEN ARRAY[substr(r->>'company_logo', 10)] ELSE '{}'::text[] END
    WHEN 'hackathon_submissions' THEN CASE WHEN r->>'file_key' IS NOT NULL THEN ARRAY[r->>'file_key'] ELSE '{}'::text[] END
    WHEN 'job_applications' THEN CASE WHEN r->>'resume_key' IS NOT NULL THEN ARRAY[r->>'resume_key'] ELSE '{}'::text[] END
    ELSE CASE WHEN r->>'image_key' IS NOT NULL THEN ARRAY[r->>'image_key'] ELSE '{}'::text[] END
  END
$$;--> statement-breakpoint
CREATE TRIGGER job_applications_file_refs AFTER INSERT OR DELETE OR UPDATE OF resume_key ON job_applications
  FOR EACH ROW EXECUTE FUNCTION agora_track_file_refs();--> statement-breakpoint
-- Résumés of applications made before this migration, counted once.
UPDATE files f SET ref_count = f.ref_count + c.n
  FROM (
    SELECT resume_key AS key, count(*)::int AS n FROM job_applications
     WHERE resume_key IS NOT NULL GROUP BY resume_key
  ) c
 WHERE f.key = c.key;
