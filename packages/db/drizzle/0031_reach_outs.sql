CREATE TABLE "reach_out_triggers" (
	"talent_id" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"instruction" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reach_out_triggers_talent_id_kind_pk" PRIMARY KEY("talent_id","kind"),
	CONSTRAINT "reach_out_triggers_kind_check" CHECK ("reach_out_triggers"."kind" in ('CHECK_IN', 'THANK_YOU', 'SUBSCRIPTION_ENDING', 'SUBSCRIPTION_LAPSED'))
);
--> statement-breakpoint
CREATE TABLE "reach_outs" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"user_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"kind" text NOT NULL,
	"occasion_key" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"skip_reason" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reach_outs_status_check" CHECK ("reach_outs"."status" in ('PENDING', 'SENT', 'SKIPPED')),
	CONSTRAINT "reach_outs_kind_check" CHECK ("reach_outs"."kind" in ('CHECK_IN', 'THANK_YOU', 'SUBSCRIPTION_ENDING', 'SUBSCRIPTION_LAPSED'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "reach_out_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "reach_outs_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "reach_out_triggers" ADD CONSTRAINT "reach_out_triggers_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reach_outs" ADD CONSTRAINT "reach_outs_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reach_outs" ADD CONSTRAINT "reach_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reach_outs" ADD CONSTRAINT "reach_outs_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reach_outs" ADD CONSTRAINT "reach_outs_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reach_out_triggers_enabled_idx" ON "reach_out_triggers" USING btree ("kind") WHERE "reach_out_triggers"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "reach_outs_occasion_unique" ON "reach_outs" USING btree ("talent_id","user_id","occasion_key");--> statement-breakpoint
CREATE INDEX "reach_outs_fan_sent_idx" ON "reach_outs" USING btree ("user_id","talent_id","sent_at") WHERE "reach_outs"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "reach_outs_talent_kind_sent_idx" ON "reach_outs" USING btree ("talent_id","kind","sent_at") WHERE "reach_outs"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "reach_outs_chat_idx" ON "reach_outs" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "reach_outs_message_idx" ON "reach_outs" USING btree ("message_id") WHERE "reach_outs"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_reach_out_unique" ON "chat_messages" USING btree ("reach_out_id") WHERE "chat_messages"."reach_out_id" is not null;