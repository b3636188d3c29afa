CREATE TABLE "telegram_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"bot_id" bigint NOT NULL,
	"telegram_chat_id" bigint NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"telegram_message_id" bigint
);
--> statement-breakpoint
ALTER TABLE "telegram_sends" ADD CONSTRAINT "telegram_sends_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_sends_bot_chat_key_unique" ON "telegram_sends" USING btree ("bot_id","telegram_chat_id","key");--> statement-breakpoint
CREATE INDEX "telegram_sends_talent_idx" ON "telegram_sends" USING btree ("talent_id");