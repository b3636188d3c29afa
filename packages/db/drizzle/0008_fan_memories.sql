CREATE TABLE "fan_memories" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"talent_id" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"source_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_memories_kind_check" CHECK ("fan_memories"."kind" in ('NAME', 'FACT', 'PREFERENCE', 'EVENT')),
	CONSTRAINT "fan_memories_text_length_check" CHECK (char_length("fan_memories"."text") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "chat_prompts" ADD COLUMN "memories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_memories" ADD CONSTRAINT "fan_memories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_memories" ADD CONSTRAINT "fan_memories_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_memories" ADD CONSTRAINT "fan_memories_source_message_id_chat_messages_id_fk" FOREIGN KEY ("source_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_memories_user_talent_created_idx" ON "fan_memories" USING btree ("user_id","talent_id","created_at");--> statement-breakpoint
CREATE INDEX "fan_memories_talent_idx" ON "fan_memories" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "fan_memories_source_message_idx" ON "fan_memories" USING btree ("source_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_memories_note_unique" ON "fan_memories" USING btree ("user_id","talent_id",lower("text"));