CREATE TABLE "fan_reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"user_id" text NOT NULL,
	"talent_id" text NOT NULL,
	"message_id" text NOT NULL,
	"about" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reach_out_triggers" DROP CONSTRAINT "reach_out_triggers_kind_check";--> statement-breakpoint
ALTER TABLE "reach_outs" DROP CONSTRAINT "reach_outs_kind_check";--> statement-breakpoint
ALTER TABLE "fan_reminders" ADD CONSTRAINT "fan_reminders_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_reminders" ADD CONSTRAINT "fan_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_reminders" ADD CONSTRAINT "fan_reminders_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_reminders" ADD CONSTRAINT "fan_reminders_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fan_reminders_message_unique" ON "fan_reminders" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "fan_reminders_due_idx" ON "fan_reminders" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "fan_reminders_chat_idx" ON "fan_reminders" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "fan_reminders_user_idx" ON "fan_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fan_reminders_talent_idx" ON "fan_reminders" USING btree ("talent_id");--> statement-breakpoint
ALTER TABLE "reach_out_triggers" ADD CONSTRAINT "reach_out_triggers_kind_check" CHECK ("reach_out_triggers"."kind" in ('CHECK_IN', 'THANK_YOU', 'SUBSCRIPTION_ENDING', 'SUBSCRIPTION_LAPSED', 'CUSTOM_DATE', 'REMIND_ME'));--> statement-breakpoint
ALTER TABLE "reach_outs" ADD CONSTRAINT "reach_outs_kind_check" CHECK ("reach_outs"."kind" in ('CHECK_IN', 'THANK_YOU', 'SUBSCRIPTION_ENDING', 'SUBSCRIPTION_LAPSED', 'CUSTOM_DATE', 'REMIND_ME'));