DROP INDEX "answers_author_idx";--> statement-breakpoint
DROP INDEX "questions_feed_idx";--> statement-breakpoint
DROP INDEX "questions_category_feed_idx";--> statement-breakpoint
DROP INDEX "questions_status_feed_idx";--> statement-breakpoint
DROP INDEX "questions_author_idx";--> statement-breakpoint
DROP INDEX "wallet_transactions_user_idx";--> statement-breakpoint
DROP INDEX "withdrawals_user_idx";--> statement-breakpoint
DROP INDEX "ideas_feed_idx";--> statement-breakpoint
DROP INDEX "ideas_popular_idx";--> statement-breakpoint
DROP INDEX "ideas_category_feed_idx";--> statement-breakpoint
DROP INDEX "ideas_author_idx";--> statement-breakpoint
DROP INDEX "hackathons_author_idx";--> statement-breakpoint
DROP INDEX "jobs_feed_idx";--> statement-breakpoint
DROP INDEX "jobs_category_idx";--> statement-breakpoint
CREATE INDEX "answers_author_idx" ON "answers" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_feed_idx" ON "questions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_category_feed_idx" ON "questions" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_status_feed_idx" ON "questions" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_author_idx" ON "questions" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ideas_feed_idx" ON "ideas" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden = false;--> statement-breakpoint
CREATE INDEX "ideas_popular_idx" ON "ideas" USING btree ("like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden = false;--> statement-breakpoint
CREATE INDEX "ideas_category_feed_idx" ON "ideas" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden = false;--> statement-breakpoint
CREATE INDEX "ideas_author_idx" ON "ideas" USING btree ("author_id","hidden","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hackathons_author_idx" ON "hackathons" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_feed_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_category_idx" ON "jobs" USING btree ("status","category","created_at" DESC NULLS FIRST);