-- Issue 18: listed jobs per category as of one day, so the category counts (and the unfiltered
-- list's total) read one row per category instead of summing every future deadline in job_counts
-- (2,300 rows at 50,000 jobs). job_open_asof holds the day the counts are for; a job_counts change
-- moves the count of its category when its deadline is on or after that day. A reader asking for
-- another day recomputes the rows once (agora_job_open_refresh), under the as-of row's lock.
CREATE TABLE IF NOT EXISTS job_open_asof (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  day date NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS job_open_counts (
  category text PRIMARY KEY,
  approved integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_job_open_counts_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  asof date;
BEGIN
  -- Shared lock: a refresh (which updates this row) waits for this transaction, then counts it.
  SELECT day INTO asof FROM job_open_asof WHERE one FOR SHARE;
  IF asof IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND old.deadline >= asof THEN
    UPDATE job_open_counts SET approved = approved - old.approved WHERE category = old.category;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND new.deadline >= asof THEN
    INSERT INTO job_open_counts (category, approved) VALUES (new.category, new.approved)
      ON CONFLICT (category) DO UPDATE SET approved = job_open_counts.approved + excluded.approved;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER job_open_counts_change AFTER INSERT OR UPDATE OR DELETE ON job_counts
  FOR EACH ROW EXECUTE FUNCTION agora_job_open_counts_row();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_job_open_counts_truncate() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM job_open_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER job_open_counts_truncate AFTER TRUNCATE ON job_counts
  FOR EACH STATEMENT EXECUTE FUNCTION agora_job_open_counts_truncate();
--> statement-breakpoint
-- Recomputes the counts for `d` (the caller holds no lock; this takes the as-of row's).
CREATE OR REPLACE FUNCTION agora_job_open_refresh(d date) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO job_open_asof (one, day) VALUES (true, d)
    ON CONFLICT (one) DO UPDATE SET day = excluded.day;
  -- Each statement below sees every job_counts change committed before the lock above was granted;
  -- later changes wait for this transaction and then apply their delta against day `d`.
  DELETE FROM job_open_counts;
  INSERT INTO job_open_counts (category, approved)
    SELECT category, sum(approved)::int FROM job_counts WHERE deadline >= d GROUP BY category;
END
$$;
--> statement-breakpoint
-- The admin overview's review backlog (pending jobs, hackathons and withdrawals), kept by
-- statement triggers: the overview sums a few rows instead of counting each backlog through its
-- status index (6,000 pending jobs in the scale-1000 seed). Each statement appends its change as a
-- row, never updates a shared one: a withdrawal request locks the wallet, then inserts the
-- withdrawal, while a failed payout updates the withdrawal, then refunds the wallet — one counter
-- row taken by both would deadlock them. A task (admin.compact-pending-counts) folds the rows of
-- each table into one. The mail outbox is not counted this way (its backlog drains by itself).
CREATE TABLE IF NOT EXISTS pending_counts (
  id bigserial PRIMARY KEY,
  tbl text NOT NULL,
  n bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS pending_counts_tbl_idx ON pending_counts (tbl);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_pending_stmt() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  d bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- Cancels whatever the table's rows add up to (the other rows may be uncommitted elsewhere).
    INSERT INTO pending_counts (tbl, n)
      SELECT TG_TABLE_NAME, -coalesce(sum(n), 0) FROM pending_counts WHERE tbl = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d := d + (SELECT count(*) FROM new_rows WHERE status = 'pending');
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    d := d - (SELECT count(*) FROM old_rows WHERE status = 'pending');
  END IF;
  IF d <> 0 THEN
    INSERT INTO pending_counts (tbl, n) VALUES (TG_TABLE_NAME, d);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The same four triggers on each counted table (insert, update and delete see transition tables).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['jobs', 'hackathons', 'withdrawals'] LOOP
    EXECUTE format('CREATE TRIGGER pending_%1$s_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION agora_pending_stmt()', t);
    EXECUTE format('CREATE TRIGGER pending_%1$s_update AFTER UPDATE ON %1$I
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_pending_stmt()', t);
    EXECUTE format('CREATE TRIGGER pending_%1$s_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION agora_pending_stmt()', t);
    EXECUTE format('CREATE TRIGGER pending_%1$s_truncate AFTER TRUNCATE ON %1$I
      FOR EACH STATEMENT EXECUTE FUNCTION agora_pending_stmt()', t);
  END LOOP;
END
$$;
--> statement-breakpoint
INSERT INTO pending_counts (tbl, n)
  SELECT 'jobs', count(*) FROM jobs WHERE status = 'pending'
  UNION ALL SELECT 'hackathons', count(*) FROM hackathons WHERE status = 'pending'
  UNION ALL SELECT 'withdrawals', count(*) FROM withdrawals WHERE status = 'pending';
