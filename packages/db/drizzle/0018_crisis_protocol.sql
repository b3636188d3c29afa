CREATE TABLE "crisis_referrals" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text,
	"message_id" text,
	"source" text NOT NULL,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crisis_referrals_source_check" CHECK ("crisis_referrals"."source" in ('PHRASES', 'MODERATION', 'PAUSED'))
);
--> statement-breakpoint
ALTER TABLE "boundary_flags" DROP CONSTRAINT "boundary_flags_reason_check";--> statement-breakpoint
ALTER TABLE "app_configs" ADD COLUMN "crisis_reply_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_configs" ADD COLUMN "crisis_pause_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "is_safety_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "needs_safety_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "persona_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crisis_referrals" ADD CONSTRAINT "crisis_referrals_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crisis_referrals" ADD CONSTRAINT "crisis_referrals_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crisis_referrals_created_idx" ON "crisis_referrals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "crisis_referrals_chat_created_idx" ON "crisis_referrals" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "crisis_referrals_message_idx" ON "crisis_referrals" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chats_safety_created_idx" ON "chats" USING btree ("created_at","id") WHERE "chats"."needs_safety_review";--> statement-breakpoint
CREATE INDEX "chats_safety_updated_idx" ON "chats" USING btree ("updated_at","id") WHERE "chats"."needs_safety_review";--> statement-breakpoint
CREATE INDEX "chats_safety_message_count_idx" ON "chats" USING btree ("chat_message_count","id") WHERE "chats"."needs_safety_review";--> statement-breakpoint
ALTER TABLE "app_configs" ADD CONSTRAINT "app_configs_crisis_pause_hours_range" CHECK ("app_configs"."crisis_pause_hours" between 1 and 720);--> statement-breakpoint
ALTER TABLE "boundary_flags" ADD CONSTRAINT "boundary_flags_reason_check" CHECK ("boundary_flags"."reason" in ('TOPIC', 'CONTENT_LEVEL', 'MINOR', 'MODERATION', 'CRISIS'));