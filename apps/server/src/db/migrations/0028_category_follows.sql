-- bounty board indexes (the questions list's sort=ending-soon and sort=reward-high, with a reward
-- range). Ending soon: the open questions whose reward is held in escrow, nearest deadline first
-- (the condition is questions.repo.ts heldOpenSql's literals, with the public list's hidden = false).
CREATE INDEX IF NOT EXISTS questions_ending_soon_idx ON questions (escrow_deadline, id)
  WHERE status = 'open' AND escrow_state = 'held' AND hidden = false;
--> statement-breakpoint
-- Highest reward: public questions (isPublicSql) by reward, then newest; a reward range starts and
-- ends the walk, so a date order with a range reads the range's rows here when few match.
CREATE INDEX IF NOT EXISTS questions_reward_idx ON questions (reward_amount DESC, created_at DESC, id DESC)
  WHERE hidden = false AND (is_paid = true OR reward_amount = 0);
--> statement-breakpoint
-- end of bounty board indexes
-- Inquiry Space: people follow question categories. A question that becomes paid alerts the
-- followers of its category in the app (a queued alert, fanned out in batches by the
-- questions.category-alerts task), and those who opted in get one e-mail a day listing the new
-- paid questions in the categories they follow (questions.category-digest).
CREATE TABLE IF NOT EXISTS category_follows (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  category text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, category),
  -- Only the shared question categories (packages/shared QUESTION_CATEGORIES) can be followed.
  CONSTRAINT category_follows_category_check CHECK (category IN ('Technology', 'Business', 'Education', 'Health & Wellness', 'Creative Arts', 'Science', 'Lifestyle', 'Other'))
);
--> statement-breakpoint
-- The fan-out walks one category's followers in user order.
CREATE INDEX IF NOT EXISTS category_follows_category_idx ON category_follows (category, user_id);
--> statement-breakpoint
-- A paid question waiting to alert its category's followers: one row per question (the primary key
-- refuses a second alert), walked in batches; `after_user_id` is how far the walk got.
CREATE TABLE IF NOT EXISTS category_alerts (
  question_id uuid PRIMARY KEY REFERENCES questions(id) ON DELETE CASCADE,
  category text NOT NULL,
  author_id uuid NOT NULL,
  title text NOT NULL,
  after_user_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS category_alerts_created_idx ON category_alerts (created_at);
--> statement-breakpoint
-- The daily digest: at most one per user and day (the primary key refuses a second), and each
-- question at most once per user (category_digest_items). Both are pruned after a week.
CREATE TABLE IF NOT EXISTS category_digest_days (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  questions integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day),
  CONSTRAINT category_digest_days_questions_check CHECK (questions >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS category_digest_days_day_idx ON category_digest_days (day);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS category_digest_items (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  question_id uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
  day date NOT NULL,
  PRIMARY KEY (user_id, question_id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS category_digest_items_day_idx ON category_digest_items (day);
--> statement-breakpoint
-- The digest reads a category's questions paid since a time (escrow_held_at is when it was paid).
CREATE INDEX IF NOT EXISTS questions_category_paid_idx ON questions (category, escrow_held_at) WHERE is_paid;
--> statement-breakpoint
-- The profile's "E-mail me a daily digest of new questions in categories I follow": off by default.
ALTER TABLE users ADD COLUMN IF NOT EXISTS category_digest boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- The digest run walks the opted-in users only, in id order.
CREATE INDEX IF NOT EXISTS users_category_digest_idx ON users (id) WHERE category_digest;
--> statement-breakpoint
-- Extra headers of a message (List-Unsubscribe on the digest), sent as they are.
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS headers jsonb;
