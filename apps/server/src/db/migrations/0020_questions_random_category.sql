-- Issue 18 follow-up: sort=random in one category walked questions_random_idx and dropped the
-- questions of other categories and the non-public ones on the way (about 8 rows read per row kept:
-- 187 heap rows and 254 buffers for a page of 21 at scale 1000). This index holds only public
-- questions (the literal condition of questions.repo.ts isPublicSql) ordered by category, then by
-- the same key: one category's page is a range of 21 entries (87 buffers). Two or more categories
-- still walk questions_random_idx (one range of this index per category would not come out in key
-- order).
CREATE INDEX IF NOT EXISTS questions_random_category_idx ON questions (category, hashtext(id::text), id)
  WHERE hidden = false AND (is_paid = true OR reward_amount = 0);
