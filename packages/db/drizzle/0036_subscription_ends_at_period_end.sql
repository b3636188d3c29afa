ALTER TABLE "subscriptions" ADD COLUMN "ends_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Nobody bills a sandbox subscription again: those on file end with their period (book-subscription.ts books new ones so).
UPDATE "subscriptions" SET "ends_at_period_end" = true WHERE "provider" = 'sandbox';