-- The e-mail preferences on the profile: notifications and reminders by e-mail, both on by default
-- (each message has a one-click link that turns its own off). A constant default adds the column
-- without rewriting the table.
ALTER TABLE "users" ADD COLUMN "email_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_reminders" boolean DEFAULT true NOT NULL;