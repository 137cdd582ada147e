ALTER TABLE "mail_outbox" ADD COLUMN "lease_token" uuid;
