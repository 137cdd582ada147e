-- Issue 18: reads whose cost does not grow with the tables (cache off). One file for the slice.
--
-- 1. sort=random: a stable pseudo-random key per question, hashtext(id), indexed with the id.
--    A page is a range of this index starting at a point chosen by the request's seed (wrapping
--    around at the end), so page 1, page 2 and a category page read about limit rows, not the
--    table. An expression index: no column to fill or keep.
CREATE INDEX IF NOT EXISTS questions_random_idx ON questions (hashtext(id::text), id);
--> statement-breakpoint
-- 2. Public questions per category (questions.policy isPublic: not hidden, reward paid or none
--    asked), kept by triggers in the same transaction as the change, like idea_counts (0005/0006).
CREATE TABLE IF NOT EXISTS question_counts (
  category text PRIMARY KEY,
  public integer NOT NULL DEFAULT 0,
  open integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_question_counts_stmt() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM question_counts;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE question_counts c SET public = c.public - d.n, open = c.open - d.o
      FROM (SELECT category, count(*)::int AS n, (count(*) FILTER (WHERE status = 'open'))::int AS o
              FROM old_rows
             WHERE NOT hidden AND (is_paid OR reward_amount = 0) GROUP BY category) d
     WHERE c.category = d.category;
  ELSE
    INSERT INTO question_counts (category, public, open)
      SELECT category, count(*)::int, (count(*) FILTER (WHERE status = 'open'))::int FROM new_rows
       WHERE NOT hidden AND (is_paid OR reward_amount = 0) GROUP BY category
      ON CONFLICT (category) DO UPDATE
        SET public = question_counts.public + excluded.public, open = question_counts.open + excluded.open;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_question_counts_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NOT old.hidden AND (old.is_paid OR old.reward_amount = 0) THEN
    UPDATE question_counts
       SET public = public - 1, open = open - (CASE WHEN old.status = 'open' THEN 1 ELSE 0 END)
     WHERE category = old.category;
  END IF;
  IF NOT new.hidden AND (new.is_paid OR new.reward_amount = 0) THEN
    INSERT INTO question_counts (category, public, open)
      VALUES (new.category, 1, CASE WHEN new.status = 'open' THEN 1 ELSE 0 END)
      ON CONFLICT (category) DO UPDATE
        SET public = question_counts.public + 1, open = question_counts.open + excluded.open;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER question_counts_insert AFTER INSERT ON questions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_question_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER question_counts_delete AFTER DELETE ON questions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_question_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER question_counts_truncate AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION agora_question_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER question_counts_update AFTER UPDATE OF hidden, is_paid, reward_amount, category, status ON questions
  FOR EACH ROW WHEN (old.hidden IS DISTINCT FROM new.hidden OR old.is_paid IS DISTINCT FROM new.is_paid
    OR old.reward_amount IS DISTINCT FROM new.reward_amount OR old.category IS DISTINCT FROM new.category
    OR old.status IS DISTINCT FROM new.status)
  EXECUTE FUNCTION agora_question_counts_row();
--> statement-breakpoint
INSERT INTO question_counts (category, public, open)
  SELECT category, count(*)::int, (count(*) FILTER (WHERE status = 'open'))::int FROM questions
   WHERE NOT hidden AND (is_paid OR reward_amount = 0) GROUP BY category
  ON CONFLICT (category) DO UPDATE SET public = excluded.public, open = excluded.open;
--> statement-breakpoint
-- 3. Approved jobs per category and application deadline ('infinity' = none): the listing counts
--    jobs still open on a given day, so the counter keeps the deadline and the reader sums the
--    rows on or after today — a few rows per category and day, not one per job.
CREATE TABLE IF NOT EXISTS job_counts (
  category text NOT NULL,
  deadline date NOT NULL,
  approved integer NOT NULL DEFAULT 0,
  PRIMARY KEY (category, deadline)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_job_counts_stmt() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM job_counts;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE job_counts c SET approved = c.approved - d.n
      FROM (SELECT category, coalesce(application_deadline, 'infinity'::date) AS deadline, count(*)::int AS n
              FROM old_rows WHERE status = 'approved' GROUP BY 1, 2) d
     WHERE c.category = d.category AND c.deadline = d.deadline;
  ELSE
    INSERT INTO job_counts (category, deadline, approved)
      SELECT category, coalesce(application_deadline, 'infinity'::date), count(*)::int
        FROM new_rows WHERE status = 'approved' GROUP BY 1, 2
      ON CONFLICT (category, deadline) DO UPDATE SET approved = job_counts.approved + excluded.approved;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_job_counts_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF old.status = 'approved' THEN
    UPDATE job_counts SET approved = approved - 1
     WHERE category = old.category AND deadline = coalesce(old.application_deadline, 'infinity'::date);
  END IF;
  IF new.status = 'approved' THEN
    INSERT INTO job_counts (category, deadline, approved)
      VALUES (new.category, coalesce(new.application_deadline, 'infinity'::date), 1)
      ON CONFLICT (category, deadline) DO UPDATE SET approved = job_counts.approved + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER job_counts_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_job_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER job_counts_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agora_job_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER job_counts_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION agora_job_counts_stmt();
--> statement-breakpoint
CREATE TRIGGER job_counts_update AFTER UPDATE OF status, category, application_deadline ON jobs
  FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status OR old.category IS DISTINCT FROM new.category
    OR old.application_deadline IS DISTINCT FROM new.application_deadline)
  EXECUTE FUNCTION agora_job_counts_row();
--> statement-breakpoint
INSERT INTO job_counts (category, deadline, approved)
  SELECT category, coalesce(application_deadline, 'infinity'::date), count(*)::int
    FROM jobs WHERE status = 'approved' GROUP BY 1, 2
  ON CONFLICT (category, deadline) DO UPDATE SET approved = excluded.approved;
--> statement-breakpoint
-- 4. The bell's unread count: one user's unread rows only (a poll must not read their history).
CREATE INDEX IF NOT EXISTS notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
--> statement-breakpoint
-- 5. Admin overview: per UTC day and metric, the day's count (or amount), kept by statement
--    triggers on each table. The daily series reads at most 366 × 9 rows, the all-time totals sum
--    one row per day since launch — neither reads the big tables. TG_ARGV: metric, timestamp column,
--    value expression (1 = count), optional row condition.
CREATE TABLE IF NOT EXISTS overview_daily (
  day date NOT NULL,
  metric text NOT NULL,
  v bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (metric, day)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_overview_stmt() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM overview_daily WHERE metric = TG_ARGV[0];
    RETURN NULL;
  END IF;
  EXECUTE format(
    'INSERT INTO overview_daily (day, metric, v)
       SELECT (%1$I AT TIME ZONE ''UTC'')::date, %2$L, %3$s * sum(%4$s)::bigint FROM %5$I
        WHERE %1$I IS NOT NULL AND (%6$s) GROUP BY 1
     ON CONFLICT (metric, day) DO UPDATE SET v = overview_daily.v + excluded.v',
    TG_ARGV[1], TG_ARGV[0], CASE WHEN TG_OP = 'DELETE' THEN '-1' ELSE '1' END, TG_ARGV[2],
    CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END, coalesce(TG_ARGV[3], 'true'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Payments become paid (or are refunded) by an update: the paid amount moves with the row.
CREATE OR REPLACE FUNCTION agora_overview_payments_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF old.status = 'paid' AND old.paid_at IS NOT NULL THEN
    INSERT INTO overview_daily (day, metric, v)
      VALUES ((old.paid_at AT TIME ZONE 'UTC')::date, 'paid_amount', -old.amount)
      ON CONFLICT (metric, day) DO UPDATE SET v = overview_daily.v + excluded.v;
  END IF;
  IF new.status = 'paid' AND new.paid_at IS NOT NULL THEN
    INSERT INTO overview_daily (day, metric, v)
      VALUES ((new.paid_at AT TIME ZONE 'UTC')::date, 'paid_amount', new.amount)
      ON CONFLICT (metric, day) DO UPDATE SET v = overview_daily.v + excluded.v;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER overview_users_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('signups', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_users_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('signups', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_users_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('signups');
--> statement-breakpoint
CREATE TRIGGER overview_questions_insert AFTER INSERT ON questions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('questions', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_questions_delete AFTER DELETE ON questions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('questions', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_questions_truncate AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('questions');
--> statement-breakpoint
CREATE TRIGGER overview_answers_insert AFTER INSERT ON answers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('answers', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_answers_delete AFTER DELETE ON answers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('answers', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_answers_truncate AFTER TRUNCATE ON answers
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('answers');
--> statement-breakpoint
CREATE TRIGGER overview_payments_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('paid_amount', 'paid_at', 'amount', 'status = ''paid''');
--> statement-breakpoint
CREATE TRIGGER overview_payments_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('paid_amount', 'paid_at', 'amount', 'status = ''paid''');
--> statement-breakpoint
CREATE TRIGGER overview_payments_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('paid_amount');
--> statement-breakpoint
CREATE TRIGGER overview_payments_update AFTER UPDATE OF status, paid_at, amount ON payments
  FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status OR old.paid_at IS DISTINCT FROM new.paid_at
    OR old.amount IS DISTINCT FROM new.amount)
  EXECUTE FUNCTION agora_overview_payments_row();
--> statement-breakpoint
CREATE TRIGGER overview_rewards_insert AFTER INSERT ON rewards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('rewards_distributed', 'created_at', 'amount');
--> statement-breakpoint
CREATE TRIGGER overview_rewards_delete AFTER DELETE ON rewards REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('rewards_distributed', 'created_at', 'amount');
--> statement-breakpoint
CREATE TRIGGER overview_rewards_truncate AFTER TRUNCATE ON rewards
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('rewards_distributed');
--> statement-breakpoint
CREATE TRIGGER overview_withdrawals_insert AFTER INSERT ON withdrawals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('withdrawals', 'created_at', 'amount');
--> statement-breakpoint
CREATE TRIGGER overview_withdrawals_delete AFTER DELETE ON withdrawals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('withdrawals', 'created_at', 'amount');
--> statement-breakpoint
CREATE TRIGGER overview_withdrawals_truncate AFTER TRUNCATE ON withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('withdrawals');
--> statement-breakpoint
CREATE TRIGGER overview_ideas_insert AFTER INSERT ON ideas REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('ideas', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_ideas_delete AFTER DELETE ON ideas REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('ideas', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_ideas_truncate AFTER TRUNCATE ON ideas
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('ideas');
--> statement-breakpoint
CREATE TRIGGER overview_regs_insert AFTER INSERT ON hackathon_participants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('hackathon_registrations', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_regs_delete AFTER DELETE ON hackathon_participants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('hackathon_registrations', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_regs_truncate AFTER TRUNCATE ON hackathon_participants
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('hackathon_registrations');
--> statement-breakpoint
CREATE TRIGGER overview_jobs_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('jobs_posted', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_jobs_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('jobs_posted', 'created_at', '1');
--> statement-breakpoint
CREATE TRIGGER overview_jobs_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION agora_overview_stmt('jobs_posted');
--> statement-breakpoint
INSERT INTO overview_daily (day, metric, v)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'signups', count(*) FROM users GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'questions', count(*) FROM questions GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'answers', count(*) FROM answers GROUP BY 1
  UNION ALL SELECT (paid_at AT TIME ZONE 'UTC')::date, 'paid_amount', sum(amount)::bigint FROM payments
    WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'rewards_distributed', sum(amount)::bigint FROM rewards GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'withdrawals', sum(amount)::bigint FROM withdrawals GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'ideas', count(*) FROM ideas GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'hackathon_registrations', count(*) FROM hackathon_participants GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'jobs_posted', count(*) FROM jobs GROUP BY 1
ON CONFLICT (metric, day) DO UPDATE SET v = excluded.v;
