-- Issue 18: the jobs searches walk the newest listed jobs (of the chosen categories) in date order
-- until 101 match the other filters: ~800–950 rows at 50,000 jobs, one heap page each (949 buffers,
-- 4 ms for developer + Engineering + Bengaluru). The two indexes that walk now carry every column
-- the walk reads or filters on (INCLUDE), so it is an index-only scan of ~65 pages (1.2 ms); the
-- category index also gets the id in its key, which the order needs (no incremental sort).
-- drizzle-orm cannot declare INCLUDE: schema/jobs.ts keeps the key columns and points here.
DROP INDEX IF EXISTS jobs_feed_idx;
--> statement-breakpoint
CREATE INDEX jobs_feed_idx ON jobs (status, created_at DESC NULLS FIRST, id DESC NULLS FIRST)
  INCLUDE (category, application_deadline, level, employment_type, city, state, country, is_remote, search);
--> statement-breakpoint
DROP INDEX IF EXISTS jobs_category_idx;
--> statement-breakpoint
CREATE INDEX jobs_category_idx ON jobs (status, category, created_at DESC NULLS FIRST, id DESC NULLS FIRST)
  INCLUDE (application_deadline, level, employment_type, city, state, country, is_remote, search);
