-- Unpaid questions (drafts: a reward asked, not paid). An account holds at most ten of them, and
-- one with no checkout in progress is deleted after seven days (questions.tasks.ts). Both reads
-- touch drafts only: the count of one author's drafts on every ask, and the expiry task's
-- oldest-first walk. The condition is the literal one of questions.repo.ts draftSql.
CREATE INDEX IF NOT EXISTS questions_drafts_author_idx ON questions (author_id)
  WHERE is_paid = false AND reward_amount > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS questions_drafts_created_idx ON questions (created_at, id)
  WHERE is_paid = false AND reward_amount > 0;--> statement-breakpoint
-- One uploader's held uploads are checked on every upload (lib/uploads.ts): their unreferenced
-- files only, not every file they ever uploaded.
CREATE INDEX IF NOT EXISTS files_unreferenced_owner_idx ON files (owner_id) WHERE ref_count = 0;
