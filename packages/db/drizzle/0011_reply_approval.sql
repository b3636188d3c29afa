CREATE TABLE "reply_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"talent_id" text NOT NULL,
	"fan_message_id" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prompt" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_drafts_status_check" CHECK ("reply_drafts"."status" in ('PENDING', 'APPROVED', 'EDITED', 'REJECTED', 'SENT_ON_EXPIRY', 'DROPPED_ON_EXPIRY', 'SUPERSEDED'))
);
--> statement-breakpoint
CREATE TABLE "talent_corrections" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"model_id" text,
	"reply_message_id" text NOT NULL,
	"source" text NOT NULL,
	"fan_text" text NOT NULL,
	"answer_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_corrections_source_check" CHECK ("talent_corrections"."source" in ('DRAFT_EDIT', 'REWRITE'))
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "reply_approval" text DEFAULT 'TWIN' NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_configs" ADD COLUMN "reply_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_configs" ADD COLUMN "reply_hold_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_configs" ADD COLUMN "reply_expiry_action" text DEFAULT 'SEND' NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_fan_message_id_chat_messages_id_fk" FOREIGN KEY ("fan_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_corrections" ADD CONSTRAINT "talent_corrections_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_corrections" ADD CONSTRAINT "talent_corrections_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_corrections" ADD CONSTRAINT "talent_corrections_reply_message_id_chat_messages_id_fk" FOREIGN KEY ("reply_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reply_drafts_fan_message_unique" ON "reply_drafts" USING btree ("fan_message_id");--> statement-breakpoint
CREATE INDEX "reply_drafts_talent_pending_idx" ON "reply_drafts" USING btree ("talent_id","created_at","id") WHERE "reply_drafts"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "reply_drafts_pending_created_idx" ON "reply_drafts" USING btree ("created_at") WHERE "reply_drafts"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "reply_drafts_chat_idx" ON "reply_drafts" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "reply_drafts_decided_by_idx" ON "reply_drafts" USING btree ("decided_by_user_id") WHERE "reply_drafts"."decided_by_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "talent_corrections_reply_message_unique" ON "talent_corrections" USING btree ("reply_message_id");--> statement-breakpoint
CREATE INDEX "talent_corrections_talent_updated_idx" ON "talent_corrections" USING btree ("talent_id","updated_at");--> statement-breakpoint
CREATE INDEX "talent_corrections_model_idx" ON "talent_corrections" USING btree ("model_id");--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_reply_approval_check" CHECK ("chats"."reply_approval" in ('TWIN', 'ALWAYS', 'NEVER'));--> statement-breakpoint
ALTER TABLE "talent_configs" ADD CONSTRAINT "talent_configs_reply_hold_check" CHECK ("talent_configs"."reply_hold_minutes" between 1 and 10080);--> statement-breakpoint
ALTER TABLE "talent_configs" ADD CONSTRAINT "talent_configs_reply_expiry_action_check" CHECK ("talent_configs"."reply_expiry_action" in ('SEND', 'DROP'));