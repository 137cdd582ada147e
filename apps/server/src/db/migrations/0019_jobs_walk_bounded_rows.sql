-- Issue 18 follow-up: migration 0018 put the search tsvector into the INCLUDE list of the two jobs
-- indexes. A b-tree row holds at most 2,704 bytes, and the tsvector of a description over ~4,000
-- characters (10,000 are allowed) is larger: such a job could not be posted, edited or approved
-- (500, "index row size exceeds btree version 4 maximum 2704"). The indexes keep only bounded
-- columns now (category, deadline, level, type, city, state, country, remote: each capped by the
-- posting schema), so the window walk of the jobs searches is index-only for every filter but the
-- text, and a text search reads the heap only for the rows the other filters kept (jobs.repo.ts).
DROP INDEX IF EXISTS jobs_feed_idx;
--> statement-breakpoint
CREATE INDEX jobs_feed_idx ON jobs (status, created_at DESC NULLS FIRST, id DESC NULLS FIRST)
  INCLUDE (category, application_deadline, level, employment_type, city, state, country, is_remote);
--> statement-breakpoint
DROP INDEX IF EXISTS jobs_category_idx;
--> statement-breakpoint
CREATE INDEX jobs_category_idx ON jobs (status, category, created_at DESC NULLS FIRST, id DESC NULLS FIRST)
  INCLUDE (application_deadline, level, employment_type, city, state, country, is_remote);
