-- Issue 18 follow-up: a location filter (`location=Bengaluru`: bengaluru or bangalore, a prefix of
-- the city, the state or the country) lower-cased three columns per alternative for every job the
-- search window walked — six lower() calls and six LIKEs per job, 0.34 of the 0.94 ms PostgreSQL
-- spent on `search=developer&category=Engineering&location=Bengaluru` at scale 1000 (921 jobs
-- walked). The three lower-cased fields are kept once, joined by a newline (a location term never
-- holds one: jobs.service.ts locationTerms collapses whitespace), and matched with one LIKE ANY:
-- `term%` for the city, `%\nterm%` for the state or the country. The two indexes the window walks
-- carry this key in place of city, state and country, so the walk stays index-only.
ALTER TABLE jobs ADD COLUMN location_key text GENERATED ALWAYS AS (
  lower(city) || E'\n' || lower(coalesce(state, '')) || E'\n' || lower(country)
) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS jobs_feed_idx;
--> statement-breakpoint
CREATE INDEX jobs_feed_idx ON jobs (status, created_at DESC NULLS FIRST, id DESC NULLS FIRST)
  INCLUDE (category, application_deadline, level, employment_type, location_key, is_remote);
--> statement-breakpoint
DROP INDEX IF EXISTS jobs_category_idx;
--> statement-breakpoint
CREATE INDEX jobs_category_idx ON jobs (status, category, created_at DESC NULLS FIRST, id DESC NULLS FIRST)
  INCLUDE (application_deadline, level, employment_type, location_key, is_remote);
