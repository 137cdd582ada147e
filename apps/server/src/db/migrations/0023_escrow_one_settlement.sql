-- A paid reward leaves escrow exactly once: distributed by its author, auto-distributed at the
-- deadline, or refunded to the asker. One row per question (the primary key) records which; a
-- distribution row must point at a settlement of its own kind, so the database refuses
-- "refunded and distributed" for one question whatever the code asks.
CREATE TABLE "escrow_settlements" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"amount" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "escrow_settlements_outcome_check" CHECK ("escrow_settlements"."outcome" in ('distributed','auto-distributed','refunded')),
	CONSTRAINT "escrow_settlements_amount_check" CHECK ("escrow_settlements"."amount" >= 0)
);--> statement-breakpoint
ALTER TABLE "escrow_settlements" ADD CONSTRAINT "escrow_settlements_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_settlements_question_outcome" ON "escrow_settlements" USING btree ("question_id","outcome");--> statement-breakpoint
-- Paid questions written without an escrow state (by an instance older than escrow) are held,
-- their deadlines spread over a day from now rather than all at one instant.
UPDATE "questions" q SET
  "escrow_state" = CASE WHEN q."rewards_distributed_at" IS NOT NULL THEN 'distributed' ELSE 'held' END,
  "escrow_held_at" = coalesce((SELECT max(p."paid_at") FROM "payments" p WHERE p."question_id" = q."id" AND p."status" = 'paid'), q."created_at"),
  "escrow_deadline" = CASE WHEN q."rewards_distributed_at" IS NOT NULL THEN q."rewards_distributed_at"
    ELSE greatest(
      coalesce((SELECT max(p."paid_at") FROM "payments" p WHERE p."question_id" = q."id" AND p."status" = 'paid'), q."created_at") + interval '14 days',
      now() + interval '1 day' + (abs(hashtext(q."id"::text)) % 86400) * interval '1 second')
    END,
  "escrow_settled_at" = q."rewards_distributed_at"
  WHERE q."is_paid" = true AND q."escrow_state" IS NULL;--> statement-breakpoint
-- Distributed through an instance older than escrow: the row stayed 'held'.
UPDATE "questions" SET "escrow_state" = 'distributed', "escrow_settled_at" = "rewards_distributed_at"
  WHERE "escrow_state" = 'held' AND "rewards_distributed_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "escrow_settlements" ("question_id", "outcome", "amount", "settled_at")
  SELECT d."question_id", CASE d."kind" WHEN 'manual' THEN 'distributed' ELSE 'auto-distributed' END, d."total", d."created_at"
  FROM "reward_distributions" d;--> statement-breakpoint
INSERT INTO "escrow_settlements" ("question_id", "outcome", "amount", "settled_at")
  SELECT q."id", 'refunded', coalesce(q."payment_amount", 0), coalesce(q."escrow_settled_at", q."updated_at")
  FROM "questions" q WHERE q."escrow_state" = 'refunded'
  ON CONFLICT ("question_id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "reward_distributions" ADD COLUMN "outcome" text GENERATED ALWAYS AS (CASE "kind" WHEN 'manual' THEN 'distributed' ELSE 'auto-distributed' END) STORED;--> statement-breakpoint
ALTER TABLE "reward_distributions" ADD CONSTRAINT "reward_distributions_settlement_fk" FOREIGN KEY ("question_id","outcome") REFERENCES "public"."escrow_settlements"("question_id","outcome") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- A refunded reward was never distributed, and a distributed one is not held.
ALTER TABLE "questions" ADD CONSTRAINT "questions_escrow_settled_check" CHECK (("questions"."escrow_state" is distinct from 'refunded' or "questions"."rewards_distributed_at" is null) and ("questions"."escrow_state" is distinct from 'held' or "questions"."rewards_distributed_at" is null));
