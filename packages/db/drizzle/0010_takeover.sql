ALTER TABLE "chat_messages" ADD COLUMN "sent_by_user_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "taken_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "taken_over_by_user_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_taken_over_by_user_id_users_id_fk" FOREIGN KEY ("taken_over_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_sent_by_idx" ON "chat_messages" USING btree ("sent_by_user_id") WHERE "chat_messages"."sent_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "chats_taken_over_by_idx" ON "chats" USING btree ("taken_over_by_user_id") WHERE "chats"."taken_over_by_user_id" is not null;