CREATE TABLE "broadcast_chunks" (
	"broadcast_id" text NOT NULL,
	"chunk" integer NOT NULL,
	"recipient_count" integer NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"push_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "broadcast_chunks_broadcast_id_chunk_pk" PRIMARY KEY("broadcast_id","chunk"),
	CONSTRAINT "broadcast_chunks_counts_non_negative" CHECK ("broadcast_chunks"."recipient_count" >= 0 and "broadcast_chunks"."sent_count" >= 0 and "broadcast_chunks"."push_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "broadcast_recipients" (
	"broadcast_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"chunk" integer NOT NULL,
	CONSTRAINT "broadcast_recipients_broadcast_id_chat_id_pk" PRIMARY KEY("broadcast_id","chat_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pushed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "web_push_keys" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_user_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_chunks" ADD CONSTRAINT "broadcast_chunks_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_recipients_chunk_idx" ON "broadcast_recipients" USING btree ("broadcast_id","chunk");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chats_last_user_message_idx" ON "chats" USING btree ("last_user_message_at");--> statement-breakpoint
-- Each chat's latest fan message, from the messages already written (the send path keeps it from now on).
UPDATE "chats" SET "last_user_message_at" = "latest"."created_at"
FROM (SELECT "chat_id", max("created_at") AS "created_at" FROM "chat_messages" WHERE "sender_type" = 'USER' GROUP BY "chat_id") AS "latest"
WHERE "latest"."chat_id" = "chats"."id";
