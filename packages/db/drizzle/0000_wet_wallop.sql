CREATE TYPE "public"."user_role" AS ENUM('USER', 'ADMIN');--> statement-breakpoint
CREATE TYPE "public"."waitlist_platform" AS ENUM('INSTAGRAM', 'TIKTOK', 'X');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('PENDING', 'REJECTED', 'ACCEPTED');--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint,
	"entity" text NOT NULL,
	"row_id" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"role" "user_role" DEFAULT 'USER' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"paid_credits" integer DEFAULT 0 NOT NULL,
	"waitlist_status" "waitlist_status",
	"waitlist_platform" "waitlist_platform",
	"instagram" text,
	"tiktok" text,
	"x" text,
	"test_group_record" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credits_non_negative" CHECK ("users"."credits" >= 0 and "users"."paid_credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_email_created_idx" ON "sign_in_tokens" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_expires_idx" ON "sign_in_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "change_events_unstamped_idx" ON "change_events" USING btree ("id") WHERE "change_events"."seq" is null;--> statement-breakpoint
CREATE INDEX "change_events_seq_idx" ON "change_events" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_waitlist_status_created_idx" ON "users" USING btree ("waitlist_status","created_at");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");