-- Escrow: a paid reward is held until it is distributed by hand, auto-distributed at its deadline
-- or refunded to the asker. reminded_hours = the smallest reminder window already sent.
ALTER TABLE "questions" ADD COLUMN "escrow_state" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "escrow_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "escrow_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "escrow_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "escrow_reminded_hours" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_escrow_state_check" CHECK ("questions"."escrow_state" in ('held','distributed','auto-distributed','refunded'));--> statement-breakpoint
CREATE INDEX "questions_escrow_due_idx" ON "questions" USING btree ("escrow_deadline") WHERE "questions"."escrow_state" = 'held';--> statement-breakpoint
-- Paid questions before escrow existed: distributed ones are settled; the others are held for 14 days from now.
UPDATE "questions" q SET
  "escrow_state" = CASE WHEN q."rewards_distributed_at" IS NOT NULL THEN 'distributed' ELSE 'held' END,
  "escrow_held_at" = coalesce((SELECT max(p."paid_at") FROM "payments" p WHERE p."question_id" = q."id" AND p."status" = 'paid'), q."created_at"),
  "escrow_deadline" = CASE WHEN q."rewards_distributed_at" IS NOT NULL THEN q."rewards_distributed_at" ELSE now() + interval '14 days' END,
  "escrow_settled_at" = q."rewards_distributed_at"
  WHERE q."is_paid" = true;--> statement-breakpoint
UPDATE "questions" SET "status" = 'answered' WHERE "rewards_distributed_at" IS NOT NULL AND "status" = 'open';--> statement-breakpoint
-- How a distribution was made: by its author (manual) or by the deadline task (auto).
ALTER TABLE "reward_distributions" ADD COLUMN "kind" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_distributions" ADD CONSTRAINT "reward_distributions_kind_check" CHECK ("reward_distributions"."kind" in ('manual','auto'));--> statement-breakpoint
-- An order of a deleted question is kept, cancelled and detached: a late capture is refunded.
ALTER TABLE "payments" ALTER COLUMN "question_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "question_title" text;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created','paid','failed','refunded','cancelled'));--> statement-breakpoint
-- A withdrawal requested while payments were simulated (sandbox) says so for ever.
ALTER TABLE "withdrawals" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;
