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
CREATE UNIQUE INDEX "payments_one_open_per_question" ON "payments" USING btree ("question_id") WHERE status = 'created';--> statement-breakpoint
-- No secret is kept in mail. A message carrying a link that lets its holder in (a password reset)
-- stores the body with a placeholder and a reference (`link_ref`, "<kind>:<id>"); the link is minted
-- when the message is sent and exists only in the e-mail. Only the token's hash is stored, set at
-- that moment: null until then.
ALTER TABLE "mail_outbox" ADD COLUMN "link_ref" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_link_ref_check" CHECK ("mail_outbox"."link_ref" ~ '^[a-z][a-z-]*:[0-9a-f-]{36}$');--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
-- Reset links written into the outbox in clear before this change (and so into backups) stop
-- working, and the stored bodies lose them. A reset mail not yet sent would now carry a dead link:
-- it is given up on (the user asks for a new one).
UPDATE "password_resets" SET "used_at" = now() WHERE "used_at" IS NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", '\S*/reset-password\?token=[A-Za-z0-9_-]*', '[link not stored: it is only in the e-mail sent]', 'g'),
  "html" = regexp_replace("html", '\S*/reset-password\?token=[A-Za-z0-9_-]*', '[link not stored: it is only in the e-mail sent]', 'g'),
  "status" = CASE WHEN "status" = 'pending' THEN 'failed' ELSE "status" END,
  "last_error" = CASE WHEN "status" = 'pending' THEN 'Its password reset link was withdrawn (links are no longer stored)' ELSE "last_error" END,
  "lease_token" = NULL
 WHERE "text" LIKE '%/reset-password?token=%' OR "html" LIKE '%/reset-password?token=%';
