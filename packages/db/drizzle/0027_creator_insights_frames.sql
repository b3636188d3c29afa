-- pg_trgm gives the creator's Conversations search a trigram index for ILIKE '%text%' (a trusted
-- extension, as btree_gin in 0024: the database's owner may create it; managed services offer it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audience_fan_days" (
	"talent_id" text NOT NULL,
	"day" date NOT NULL,
	"chat_id" text NOT NULL,
	"user_id" text NOT NULL,
	"messages" integer NOT NULL,
	"first_paid_at" timestamp with time zone,
	"paid_credits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audience_fan_days_talent_id_day_chat_id_pk" PRIMARY KEY("talent_id","day","chat_id")
);
--> statement-breakpoint
CREATE TABLE "audience_first_messages" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"user_id" text NOT NULL,
	"first_message_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_rollup" (
	"id" text PRIMARY KEY DEFAULT 'audience' NOT NULL,
	"rolled_until" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_rollup_single_row" CHECK ("audience_rollup"."id" = 'audience')
);
--> statement-breakpoint
ALTER TABLE "audience_fan_days" ADD CONSTRAINT "audience_fan_days_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_fan_days" ADD CONSTRAINT "audience_fan_days_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_first_messages" ADD CONSTRAINT "audience_first_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_first_messages" ADD CONSTRAINT "audience_first_messages_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_fan_days_chat_idx" ON "audience_fan_days" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "audience_first_messages_talent_idx" ON "audience_first_messages" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "chat_messages_text_trgm_idx" ON "chat_messages" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
-- The rollup's one row; no day rolled up yet, so Audience reads every message live until the
-- first insights.rollup run fills the frames from the existing messages (the backfill).
INSERT INTO "audience_rollup" ("id") VALUES ('audience') ON CONFLICT DO NOTHING;
