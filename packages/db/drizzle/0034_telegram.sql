CREATE TABLE "telegram_bots" (
	"talent_id" text PRIMARY KEY NOT NULL,
	"bot_id" bigint NOT NULL,
	"username" text NOT NULL,
	"token" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"linked_by_id" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_fans" (
	"telegram_user_id" bigint PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"talent_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"bot_id" bigint NOT NULL,
	"update_id" bigint NOT NULL,
	"telegram_chat_id" bigint,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "telegram_bots" ADD CONSTRAINT "telegram_bots_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_bots" ADD CONSTRAINT "telegram_bots_linked_by_id_users_id_fk" FOREIGN KEY ("linked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_fans" ADD CONSTRAINT "telegram_fans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_telegram_user_id_telegram_fans_telegram_user_id_fk" FOREIGN KEY ("telegram_user_id") REFERENCES "public"."telegram_fans"("telegram_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_updates" ADD CONSTRAINT "telegram_updates_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_bots_bot_unique" ON "telegram_bots" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "telegram_bots_linked_by_idx" ON "telegram_bots" USING btree ("linked_by_id");--> statement-breakpoint
CREATE INDEX "telegram_fans_user_idx" ON "telegram_fans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_fan_idx" ON "telegram_link_tokens" USING btree ("telegram_user_id");--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_talent_idx" ON "telegram_link_tokens" USING btree ("talent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_updates_bot_update_unique" ON "telegram_updates" USING btree ("bot_id","update_id");--> statement-breakpoint
CREATE INDEX "telegram_updates_talent_idx" ON "telegram_updates" USING btree ("talent_id");