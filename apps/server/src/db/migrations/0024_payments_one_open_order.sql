-- One open order per question. Parallel create-order calls used to record an order each, so one
-- question could have several open checkouts and a double-click was charged twice. Of the open
-- orders a question has now, the newest stays open; the older ones are cancelled exactly as an
-- abandoned checkout is: still recorded, so a capture arriving after all is refunded to the payer's
-- wallet (payments.service settle).
UPDATE "payments" p SET "status" = 'cancelled'
 WHERE p."status" = 'created'
   AND p."question_id" IS NOT NULL
   AND EXISTS (
     SELECT 1 FROM "payments" n
      WHERE n."question_id" = p."question_id"
        AND n."status" = 'created'
        AND (n."created_at", n."id") > (p."created_at", p."id")
   );--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_question" ON "payments" USING btree ("question_id") WHERE status = 'created';
