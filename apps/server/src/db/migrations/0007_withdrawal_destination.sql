ALTER TABLE "withdrawals" ADD COLUMN "payout_upi_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_bank_account_enc" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_bank_account_last4" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_ifsc" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_account_holder_name" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_bank_name" text;--> statement-breakpoint
-- Withdrawals requested before this migration: the wallet's current details are the best record
-- left of where they were meant to go (only the destination of the withdrawal's own method).
UPDATE "withdrawals" AS w SET
  "payout_upi_id" = CASE WHEN w."payout_method" = 'upi' THEN wa."upi_id" END,
  "payout_bank_account_enc" = CASE WHEN w."payout_method" = 'bank' THEN wa."bank_account_enc" END,
  "payout_bank_account_last4" = CASE WHEN w."payout_method" = 'bank' THEN wa."bank_account_last4" END,
  "payout_ifsc" = CASE WHEN w."payout_method" = 'bank' THEN wa."ifsc" END,
  "payout_account_holder_name" = CASE WHEN w."payout_method" = 'bank' THEN wa."account_holder_name" END,
  "payout_bank_name" = CASE WHEN w."payout_method" = 'bank' THEN wa."bank_name" END
FROM "wallets" AS wa
WHERE wa."user_id" = w."user_id";
