-- What a rewarded answer must do, in the asker's words (optional). The database refuses more than
-- the 500 characters the form and the API allow, and an empty text: "none" is null.
ALTER TABLE questions ADD COLUMN IF NOT EXISTS acceptance_criteria text;--> statement-breakpoint
ALTER TABLE questions DROP CONSTRAINT IF EXISTS questions_acceptance_criteria_check;--> statement-breakpoint
ALTER TABLE questions ADD CONSTRAINT questions_acceptance_criteria_check
  CHECK (acceptance_criteria IS NULL OR char_length(acceptance_criteria) BETWEEN 1 AND 500);
