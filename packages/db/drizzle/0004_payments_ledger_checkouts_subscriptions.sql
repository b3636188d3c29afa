CREATE TYPE "public"."chat_call_to_action" AS ENUM('SIGN_IN', 'CHECKOUT', 'SUBSCRIBE');--> statement-breakpoint
CREATE TYPE "public"."checkout_mode" AS ENUM('payment', 'subscription');--> statement-breakpoint
CREATE TYPE "public"."checkout_status" AS ENUM('OPEN', 'COMPLETED', 'CANCELED', 'EXPIRED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."payment_ledger_kind" AS ENUM('PURCHASE', 'REVERSAL', 'REINSTATEMENT');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('stripe', 'apple', 'google', 'sandbox');--> statement-breakpoint
CREATE TYPE "public"."payment_reversal_reason" AS ENUM('REFUND', 'DISPUTE');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('ACTIVE', 'ENDED');--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"mode" "checkout_mode" NOT NULL,
	"status" "checkout_status" DEFAULT 'OPEN' NOT NULL,
	"user_id" text NOT NULL,
	"talent_id" text,
	"product_id" text NOT NULL,
	"external_id" text,
	"return_path" text NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" "payment_ledger_kind" NOT NULL,
	"reason" "payment_reversal_reason",
	"payment_id" text NOT NULL,
	"reverses_entry_id" text,
	"user_id" text,
	"talent_id" text,
	"amount" bigint NOT NULL,
	"paid_credits" integer DEFAULT 0 NOT NULL,
	"shortfall_credits" integer DEFAULT 0 NOT NULL,
	"gross_micro_usd" bigint DEFAULT 0 NOT NULL,
	"net_micro_usd" bigint DEFAULT 0 NOT NULL,
	"referral_micro_usd" bigint DEFAULT 0 NOT NULL,
	"referral_talent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ledger_shortfall_non_negative" CHECK ("payment_ledger"."shortfall_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"external_id" text NOT NULL,
	"status" "subscription_status" DEFAULT 'ACTIVE' NOT NULL,
	"user_id" text NOT NULL,
	"talent_id" text NOT NULL,
	"product_id" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earning_frames" DROP CONSTRAINT "earning_frames_amounts_non_negative";--> statement-breakpoint
DROP INDEX "payments_live_created_idx";--> statement-breakpoint
DROP INDEX "payments_created_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "call_to_action" "chat_call_to_action";--> statement-breakpoint
ALTER TABLE "earning_frames" ADD COLUMN "gross_reversal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earning_frames" ADD COLUMN "net_reversal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "movement_key" text;--> statement-breakpoint
-- Payments recorded before the ledger get the key their provider ids imply (a subscription's invoice first).
UPDATE "payments" SET "movement_key" = coalesce('stripe:' || "stripe_invoice_id", 'stripe:' || "stripe_payment_intent_id", 'apple:' || "apple_transaction_id", 'google:' || "google_transaction_id", 'sandbox:' || "id");--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "movement_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_reverses_entry_id_payment_ledger_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."payment_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_referral_talent_id_talents_id_fk" FOREIGN KEY ("referral_talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_user_created_idx" ON "checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_external_unique" ON "checkouts" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "checkouts_talent_idx" ON "checkouts" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "checkouts_product_idx" ON "checkouts" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_key_unique" ON "payment_ledger" USING btree ("key");--> statement-breakpoint
CREATE INDEX "payment_ledger_payment_idx" ON "payment_ledger" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_ledger_user_idx" ON "payment_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_ledger_talent_idx" ON "payment_ledger" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "payment_ledger_referral_talent_idx" ON "payment_ledger" USING btree ("referral_talent_id") WHERE "payment_ledger"."referral_talent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_reverses_entry_unique" ON "payment_ledger" USING btree ("reverses_entry_id") WHERE "payment_ledger"."reverses_entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_external_unique" ON "subscriptions" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_talent_idx" ON "subscriptions" USING btree ("user_id","talent_id","current_period_end");--> statement-breakpoint
CREATE INDEX "subscriptions_talent_idx" ON "subscriptions" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "subscriptions_product_idx" ON "subscriptions" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_movement_key_unique" ON "payments" USING btree ("movement_key");--> statement-breakpoint
CREATE INDEX "payments_live_created_id_idx" ON "payments" USING btree ("created_at","id") WHERE not "payments"."is_sandbox";--> statement-breakpoint
CREATE INDEX "payments_created_id_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_checkout_idx" ON "payments" USING btree ("checkout_id") WHERE "payments"."checkout_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id") WHERE "payments"."subscription_id" is not null;--> statement-breakpoint
ALTER TABLE "earning_frames" ADD CONSTRAINT "earning_frames_amounts_non_negative" CHECK (least("earning_frames"."gross_send_message", "earning_frames"."net_send_message", "earning_frames"."gross_unlock_image", "earning_frames"."net_unlock_image", "earning_frames"."gross_unlock_audio", "earning_frames"."net_unlock_audio", "earning_frames"."gross_referral", "earning_frames"."net_referral", "earning_frames"."gross_subscription", "earning_frames"."net_subscription", "earning_frames"."gross_reversal", "earning_frames"."net_reversal") >= 0);