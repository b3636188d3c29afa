CREATE TABLE "boundary_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"message_id" text NOT NULL,
	"talent_id" text NOT NULL,
	"side" text NOT NULL,
	"reason" text NOT NULL,
	"matched" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boundary_flags_side_check" CHECK ("boundary_flags"."side" in ('FAN', 'TWIN')),
	CONSTRAINT "boundary_flags_reason_check" CHECK ("boundary_flags"."reason" in ('TOPIC', 'CONTENT_LEVEL', 'MINOR', 'MODERATION'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "spent_free_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "spent_paid_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_configs" ADD COLUMN "blocked_topics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_configs" ADD COLUMN "content_level" text DEFAULT 'SAFE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "declared_minor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boundary_flags" ADD CONSTRAINT "boundary_flags_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boundary_flags" ADD CONSTRAINT "boundary_flags_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boundary_flags" ADD CONSTRAINT "boundary_flags_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boundary_flags_talent_created_idx" ON "boundary_flags" USING btree ("talent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "boundary_flags_created_idx" ON "boundary_flags" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "boundary_flags_chat_idx" ON "boundary_flags" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boundary_flags_message_unique" ON "boundary_flags" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "talent_configs" ADD CONSTRAINT "talent_configs_content_level_check" CHECK ("talent_configs"."content_level" in ('SAFE', 'SUGGESTIVE', 'ADULT'));