ALTER TABLE "chat_messages" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adult_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_messages_chat_notice_created_idx" ON "chat_messages" USING btree ("chat_id","created_at") WHERE "chat_messages"."notice" is not null;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_notice_check" CHECK ("chat_messages"."notice" in ('AI_REMINDER', 'BREAK_REMINDER'));