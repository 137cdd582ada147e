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
-- placeholder: replaced by the change that owns this migration
SELECT 1;
