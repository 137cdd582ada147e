-- Salary figures carry their currency; figures posted before this were annual USD amounts.
ALTER TABLE "jobs" ADD COLUMN "salary_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_salary_currency_check" CHECK ("jobs"."salary_currency" in ('INR','USD','EUR','GBP','AED','SGD','CAD','AUD'));
