ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_type_check";--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "hidden_by_author" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_type_check" CHECK ("wallet_transactions"."type" in ('reward','refund','withdrawal','other'));--> statement-breakpoint
-- Hidden ideas not hidden by an admin were hidden by their authors.
UPDATE "ideas" SET "hidden_by_author" = true WHERE "hidden" = true AND "hidden_by_admin" = false;
