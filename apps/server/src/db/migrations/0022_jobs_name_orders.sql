-- Issue 18 follow-up: the jobs list by title or by company (no filter, or categories only: the
-- total is exact, from job_open_counts) sorted every listed job for each page — 62 req/s for
-- `sort=title` at scale 1000 (41,000 listed jobs). These two indexes hold the listed order for
-- each status; the category and the deadline are carried for the filter (INCLUDE, which
-- drizzle-orm cannot declare: schema/jobs.ts names them without it).
CREATE INDEX IF NOT EXISTS jobs_title_idx ON jobs (status, lower(title), created_at DESC NULLS FIRST, id DESC NULLS FIRST)
  INCLUDE (category, application_deadline);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_company_idx ON jobs (status, lower(company_name), lower(title), id DESC NULLS FIRST)
  INCLUDE (category, application_deadline);
