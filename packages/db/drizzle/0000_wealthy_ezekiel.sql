CREATE TYPE "public"."attachment_type" AS ENUM('IMAGE', 'AUDIO');--> statement-breakpoint
CREATE TYPE "public"."broadcast_status" AS ENUM('SCHEDULED', 'PREPARING', 'SENDING_MESSAGES', 'COMPLETED', 'DELETED');--> statement-breakpoint
CREATE TYPE "public"."earning_frame_range" AS ENUM('DAY', 'MONTH', 'TOTAL');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('MALE', 'FEMALE', 'NON_BINARY');--> statement-breakpoint
CREATE TYPE "public"."model_version_status" AS ENUM('UPLOADING_TRAINING_FILE', 'FINE_TUNING', 'SUCCEEDED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('PENDING', 'EXECUTED', 'REJECTED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."product_price_type" AS ENUM('ONE_TIME', 'SUBSCRIPTION', 'APPLE_ONE_TIME', 'GOOGLE_ONE_TIME');--> statement-breakpoint
CREATE TYPE "public"."purpose" AS ENUM('BANTER', 'FLIRT', 'EDUCATE', 'BULLY');--> statement-breakpoint
CREATE TYPE "public"."reaction" AS ENUM('THUMBS_UP', 'THUMBS_DOWN');--> statement-breakpoint
CREATE TYPE "public"."sender_type" AS ENUM('USER', 'TALENT');--> statement-breakpoint
CREATE TYPE "public"."transfer_type" AS ENUM('BANK_TRANSFER', 'PAYPAL');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('USER', 'ADMIN');--> statement-breakpoint
CREATE TYPE "public"."waitlist_platform" AS ENUM('INSTAGRAM', 'TIKTOK', 'X');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('PENDING', 'REJECTED', 'ACCEPTED');--> statement-breakpoint
CREATE SEQUENCE "public"."change_event_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "app_configs" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"chat_prompt_template" text NOT NULL,
	"chat_prompt_template_for_faq" text NOT NULL,
	"talent_chat_prompt_template" text NOT NULL,
	"referral_revenue_share_ppm" integer DEFAULT 30000 NOT NULL,
	"llm_function_temperature" double precision DEFAULT 0 NOT NULL,
	"function_schema_config" jsonb NOT NULL,
	"min_version" jsonb DEFAULT '{"talent":"0.0.0"}'::jsonb NOT NULL,
	"fine_tuning_model_id" text,
	"is_model_healthy_record" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_configs_referral_share_range" CHECK ("app_configs"."referral_revenue_share_ppm" between 0 and 1000000),
	CONSTRAINT "app_configs_function_temperature_range" CHECK ("app_configs"."llm_function_temperature" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"empty_chat_message_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"type" "attachment_type" DEFAULT 'IMAGE' NOT NULL,
	"original_file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"locked_file_path" text,
	"width" integer,
	"height" integer,
	"context" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
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
	"requested_from_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" text PRIMARY KEY NOT NULL,
	"status" "broadcast_status" DEFAULT 'SCHEDULED' NOT NULL,
	"message" text NOT NULL,
	"talent_id" text,
	"push_notification_headline" text,
	"push_notification_message" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"started_preparing_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"scheduled_message_count" integer DEFAULT 0 NOT NULL,
	"sent_message_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_counts_non_negative" CHECK ("broadcasts"."scheduled_message_count" >= 0 and "broadcasts"."sent_message_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"sender_type" "sender_type" NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reaction" "reaction",
	"reaction_feedback" text,
	"reply_to_message_id" text,
	"broadcast_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_prompts" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"llm_type" text NOT NULL,
	"llm_fine_tuned_model_id" text,
	"llm_temperature" double precision NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faq_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faq_min_score" double precision,
	"functions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_usage" jsonb,
	"response_text" text,
	"response_fallback_text" text,
	"response_function" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"user_id" text NOT NULL,
	"chat_message_count" integer DEFAULT 0 NOT NULL,
	"has_user_interaction" boolean DEFAULT false NOT NULL,
	"has_user_interaction_with_non_anonymous_user" boolean DEFAULT false NOT NULL,
	"has_user_interaction_with_paid_credits" boolean DEFAULT false NOT NULL,
	"has_user_interaction_with_subscription" boolean DEFAULT false NOT NULL,
	"has_user_interaction_with_manager" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chats_message_count_non_negative" CHECK ("chats"."chat_message_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dev_outbox_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earning_frames" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"range" "earning_frame_range" NOT NULL,
	"key" text NOT NULL,
	"parent_key" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"gross_total" bigint DEFAULT 0 NOT NULL,
	"net_total" bigint DEFAULT 0 NOT NULL,
	"gross_send_message" bigint DEFAULT 0 NOT NULL,
	"net_send_message" bigint DEFAULT 0 NOT NULL,
	"gross_unlock_image" bigint DEFAULT 0 NOT NULL,
	"net_unlock_image" bigint DEFAULT 0 NOT NULL,
	"gross_unlock_audio" bigint DEFAULT 0 NOT NULL,
	"net_unlock_audio" bigint DEFAULT 0 NOT NULL,
	"gross_referral" bigint DEFAULT 0 NOT NULL,
	"net_referral" bigint DEFAULT 0 NOT NULL,
	"gross_subscription" bigint DEFAULT 0 NOT NULL,
	"net_subscription" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earning_frames_amounts_non_negative" CHECK (least("earning_frames"."gross_total", "earning_frames"."net_total", "earning_frames"."gross_send_message", "earning_frames"."net_send_message", "earning_frames"."gross_unlock_image", "earning_frames"."net_unlock_image", "earning_frames"."gross_unlock_audio", "earning_frames"."net_unlock_audio", "earning_frames"."gross_referral", "earning_frames"."net_referral", "earning_frames"."gross_subscription", "earning_frames"."net_subscription") >= 0)
);
--> statement-breakpoint
CREATE TABLE "metric_frames" (
	"talent_id" text NOT NULL,
	"id" text DEFAULT 'total' NOT NULL,
	"chat_with_authentication_count" integer DEFAULT 0 NOT NULL,
	"chat_with_payment_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metric_frames_talent_id_id_pk" PRIMARY KEY("talent_id","id"),
	CONSTRAINT "metric_frames_counts_non_negative" CHECK ("metric_frames"."chat_with_authentication_count" >= 0 and "metric_frames"."chat_with_payment_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" text PRIMARY KEY NOT NULL,
	"faq_id" text NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"embedding" real[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"talent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"email" text NOT NULL,
	"invited_by_user_id" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"model_id" text NOT NULL,
	"base" text NOT NULL,
	"status" "model_version_status" DEFAULT 'UPLOADING_TRAINING_FILE' NOT NULL,
	"training_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fine_tuned_model_id" text,
	"error_message" text,
	"open_ai_organisation_id" text,
	"open_ai_training_file_id" text,
	"open_ai_fine_tuning_job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base" text DEFAULT 'gpt-3.5-turbo-1106' NOT NULL,
	"talent_id" text,
	"training_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_version_id" text,
	"default_fine_tuned_model_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"price_amount" bigint NOT NULL,
	"price_fraction_digits" integer DEFAULT 2 NOT NULL,
	"price_currency" text DEFAULT 'USD' NOT NULL,
	"original_price_amount" bigint NOT NULL,
	"original_price_fraction_digits" integer DEFAULT 2 NOT NULL,
	"original_price_currency" text DEFAULT 'USD' NOT NULL,
	"product_price_type" "product_price_type" NOT NULL,
	"product_id" text,
	"stripe_payment_intent_id" text,
	"stripe_invoice_id" text,
	"apple_transaction_id" text,
	"google_transaction_id" text,
	"user_id" text,
	"talent_id" text,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amounts_non_negative" CHECK ("payments"."price_amount" >= 0 and "payments"."original_price_amount" >= 0 and "payments"."price_fraction_digits" between 0 and 6 and "payments"."original_price_fraction_digits" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"status" "payout_status" DEFAULT 'PENDING' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"transfer_type" "transfer_type" NOT NULL,
	"account_holder_name" text,
	"iban" text,
	"bic" text,
	"pay_pal_email" text,
	"tax_id" text,
	"requested_by_user_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"executed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_non_negative" CHECK ("payouts"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_type" "product_price_type" NOT NULL,
	"credits" integer,
	"price_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"external_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_amounts_non_negative" CHECK ("products"."price_amount" >= 0 and ("products"."credits" is null or "products"."credits" >= 0))
);
--> statement-breakpoint
CREATE TABLE "public_talents" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_visible_record" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"voice" jsonb,
	"purpose" "purpose",
	"personality_traits" text[] DEFAULT '{}'::text[] NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"facts" text[] DEFAULT '{}'::text[] NOT NULL,
	"chat_prompt" text DEFAULT '' NOT NULL,
	"has_custom_chat_prompt" boolean DEFAULT false NOT NULL,
	"revenue_share_ppm" integer DEFAULT 600000 NOT NULL,
	"chat_example_count" integer DEFAULT 5 NOT NULL,
	"chat_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"llm_type" text DEFAULT 'OPENAI' NOT NULL,
	"llm_temperature" double precision DEFAULT 1 NOT NULL,
	"llm_model_id" text DEFAULT 'gpt-3.5-turbo' NOT NULL,
	"llm_fine_tuned_model_id" text,
	"faq_id" text,
	"referral_talent_id" text,
	"referral_revenue_share_for_inviter_ppm" integer DEFAULT 30000 NOT NULL,
	"referral_revenue_share_for_invitees_ppm" integer DEFAULT 30000 NOT NULL,
	"chat_count" integer DEFAULT 0 NOT NULL,
	"total_payout_amount" bigint DEFAULT 0 NOT NULL,
	"account_holder_name" text,
	"iban" text,
	"bic" text,
	"tax_id" text,
	"pay_pal_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_configs_shares_range" CHECK ("talent_configs"."revenue_share_ppm" between 0 and 1000000 and "talent_configs"."referral_revenue_share_for_inviter_ppm" between 0 and 1000000 and "talent_configs"."referral_revenue_share_for_invitees_ppm" between 0 and 1000000),
	CONSTRAINT "talent_configs_counts_non_negative" CHECK ("talent_configs"."chat_count" >= 0 and "talent_configs"."chat_example_count" >= 0 and "talent_configs"."total_payout_amount" >= 0),
	CONSTRAINT "talent_configs_temperature_non_negative" CHECK ("talent_configs"."llm_temperature" >= 0)
);
--> statement-breakpoint
CREATE TABLE "talent_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"profile_picture_url" text,
	"profile_picture_step_done_at" timestamp with time zone,
	"tag" text,
	"gender" "gender",
	"age" integer,
	"purpose" "purpose",
	"personality_traits" text[] DEFAULT '{}'::text[] NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"initial_chat_message_text" text,
	"referral_talent_id" text,
	"talent_id" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_drafts_age_positive" CHECK ("talent_drafts"."age" is null or "talent_drafts"."age" > 0)
);
--> statement-breakpoint
CREATE TABLE "talent_managers" (
	"user_id" text NOT NULL,
	"talent_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_managers_user_id_talent_id_pk" PRIMARY KEY("user_id","talent_id")
);
--> statement-breakpoint
CREATE TABLE "talents" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tag" text,
	"profile_picture_url" text,
	"gender" "gender",
	"age" integer,
	"is_adult" boolean DEFAULT false NOT NULL,
	"credits_to_send_message" integer DEFAULT 1 NOT NULL,
	"credits_to_unlock_image" integer DEFAULT 5 NOT NULL,
	"credits_to_unlock_audio" integer DEFAULT 3 NOT NULL,
	"credits_to_unlock_first_image" integer,
	"subscription_product_id" text,
	"chat_message_for_auth" text,
	"chat_message_for_checkout" text,
	"chat_message_for_subscription" text,
	"chat_message_suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"initial_chat_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talents_prices_non_negative" CHECK ("talents"."credits_to_send_message" >= 0 and "talents"."credits_to_unlock_image" >= 0 and "talents"."credits_to_unlock_audio" >= 0 and ("talents"."credits_to_unlock_first_image" is null or "talents"."credits_to_unlock_first_image" >= 0)),
	CONSTRAINT "talents_age_positive" CHECK ("talents"."age" is null or "talents"."age" > 0)
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
CREATE TABLE "voices" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"stability" double precision DEFAULT 0.5 NOT NULL,
	"similarity_boost" double precision DEFAULT 0.7 NOT NULL,
	"style" double precision DEFAULT 0 NOT NULL,
	"model" text DEFAULT 'eleven_monolingual_v1' NOT NULL,
	"gender" "gender" DEFAULT 'FEMALE' NOT NULL,
	"sample_file_path" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voices_settings_range" CHECK ("voices"."stability" between 0 and 1 and "voices"."similarity_boost" between 0 and 1 and "voices"."style" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "app_configs" ADD CONSTRAINT "app_configs_fine_tuning_model_id_models_id_fk" FOREIGN KEY ("fine_tuning_model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_attachments" ADD CONSTRAINT "static_attachments_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_reply_to_message_id_chat_messages_id_fk" FOREIGN KEY ("reply_to_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_prompts" ADD CONSTRAINT "chat_prompts_id_chat_messages_id_fk" FOREIGN KEY ("id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_prompts" ADD CONSTRAINT "chat_prompts_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_frames" ADD CONSTRAINT "earning_frames_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_frames" ADD CONSTRAINT "metric_frames_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_items" ADD CONSTRAINT "faq_items_faq_id_faqs_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."faqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_versions" ADD CONSTRAINT "model_versions_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_default_version_id_model_versions_id_fk" FOREIGN KEY ("default_version_id") REFERENCES "public"."model_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_talents" ADD CONSTRAINT "public_talents_id_talents_id_fk" FOREIGN KEY ("id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_configs" ADD CONSTRAINT "talent_configs_id_talents_id_fk" FOREIGN KEY ("id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_configs" ADD CONSTRAINT "talent_configs_faq_id_faqs_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."faqs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_configs" ADD CONSTRAINT "talent_configs_referral_talent_id_talents_id_fk" FOREIGN KEY ("referral_talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_drafts" ADD CONSTRAINT "talent_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_drafts" ADD CONSTRAINT "talent_drafts_referral_talent_id_talents_id_fk" FOREIGN KEY ("referral_talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_drafts" ADD CONSTRAINT "talent_drafts_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_managers" ADD CONSTRAINT "talent_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_managers" ADD CONSTRAINT "talent_managers_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_configs_fine_tuning_model_idx" ON "app_configs" USING btree ("fine_tuning_model_id");--> statement-breakpoint
CREATE INDEX "static_attachments_talent_created_idx" ON "static_attachments" USING btree ("talent_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_email_created_idx" ON "sign_in_tokens" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_ip_created_idx" ON "sign_in_tokens" USING btree ("requested_from_ip","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_expires_idx" ON "sign_in_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "broadcasts_scheduled_idx" ON "broadcasts" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "broadcasts_status_scheduled_idx" ON "broadcasts" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "broadcasts_talent_idx" ON "broadcasts" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "broadcasts_created_by_idx" ON "broadcasts" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_created_idx" ON "chat_messages" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_reaction_created_idx" ON "chat_messages" USING btree ("reaction","created_at") WHERE "chat_messages"."reaction" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_reply_to_unique" ON "chat_messages" USING btree ("reply_to_message_id") WHERE "chat_messages"."reply_to_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_broadcast_chat_unique" ON "chat_messages" USING btree ("broadcast_id","chat_id") WHERE "chat_messages"."broadcast_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_prompts_chat_idx" ON "chat_prompts" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_user_talent_unique" ON "chats" USING btree ("user_id","talent_id");--> statement-breakpoint
CREATE INDEX "chats_talent_updated_idx" ON "chats" USING btree ("talent_id","updated_at");--> statement-breakpoint
CREATE INDEX "chats_created_idx" ON "chats" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chats_updated_idx" ON "chats" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "chats_message_count_idx" ON "chats" USING btree ("chat_message_count");--> statement-breakpoint
CREATE INDEX "chats_interaction_created_idx" ON "chats" USING btree ("created_at") WHERE "chats"."has_user_interaction";--> statement-breakpoint
CREATE INDEX "chats_interaction_updated_idx" ON "chats" USING btree ("updated_at") WHERE "chats"."has_user_interaction";--> statement-breakpoint
CREATE INDEX "chats_interaction_message_count_idx" ON "chats" USING btree ("chat_message_count") WHERE "chats"."has_user_interaction";--> statement-breakpoint
CREATE INDEX "chats_non_anonymous_created_idx" ON "chats" USING btree ("created_at") WHERE "chats"."has_user_interaction_with_non_anonymous_user";--> statement-breakpoint
CREATE INDEX "chats_non_anonymous_updated_idx" ON "chats" USING btree ("updated_at") WHERE "chats"."has_user_interaction_with_non_anonymous_user";--> statement-breakpoint
CREATE INDEX "chats_non_anonymous_message_count_idx" ON "chats" USING btree ("chat_message_count") WHERE "chats"."has_user_interaction_with_non_anonymous_user";--> statement-breakpoint
CREATE INDEX "chats_paid_credits_created_idx" ON "chats" USING btree ("created_at") WHERE "chats"."has_user_interaction_with_paid_credits";--> statement-breakpoint
CREATE INDEX "chats_paid_credits_updated_idx" ON "chats" USING btree ("updated_at") WHERE "chats"."has_user_interaction_with_paid_credits";--> statement-breakpoint
CREATE INDEX "chats_paid_credits_message_count_idx" ON "chats" USING btree ("chat_message_count") WHERE "chats"."has_user_interaction_with_paid_credits";--> statement-breakpoint
CREATE INDEX "chats_subscription_created_idx" ON "chats" USING btree ("created_at") WHERE "chats"."has_user_interaction_with_subscription";--> statement-breakpoint
CREATE INDEX "chats_subscription_updated_idx" ON "chats" USING btree ("updated_at") WHERE "chats"."has_user_interaction_with_subscription";--> statement-breakpoint
CREATE INDEX "chats_subscription_message_count_idx" ON "chats" USING btree ("chat_message_count") WHERE "chats"."has_user_interaction_with_subscription";--> statement-breakpoint
CREATE INDEX "chats_manager_created_idx" ON "chats" USING btree ("created_at") WHERE "chats"."has_user_interaction_with_manager";--> statement-breakpoint
CREATE INDEX "chats_manager_updated_idx" ON "chats" USING btree ("updated_at") WHERE "chats"."has_user_interaction_with_manager";--> statement-breakpoint
CREATE INDEX "chats_manager_message_count_idx" ON "chats" USING btree ("chat_message_count") WHERE "chats"."has_user_interaction_with_manager";--> statement-breakpoint
CREATE INDEX "dev_outbox_emails_created_idx" ON "dev_outbox_emails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "earning_frames_talent_range_key_unique" ON "earning_frames" USING btree ("talent_id","range","key");--> statement-breakpoint
CREATE INDEX "earning_frames_talent_range_started_idx" ON "earning_frames" USING btree ("talent_id","range","started_at");--> statement-breakpoint
CREATE INDEX "earning_frames_talent_parent_idx" ON "earning_frames" USING btree ("talent_id","parent_key");--> statement-breakpoint
CREATE UNIQUE INDEX "faq_items_faq_position_unique" ON "faq_items" USING btree ("faq_id","position");--> statement-breakpoint
CREATE INDEX "faqs_global_name_idx" ON "faqs" USING btree ("name") WHERE "faqs"."talent_id" is null;--> statement-breakpoint
CREATE INDEX "faqs_talent_idx" ON "faqs" USING btree ("talent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_talent_email_unique" ON "invitations" USING btree ("talent_id","email");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "invitations_invited_by_idx" ON "invitations" USING btree ("invited_by_user_id");--> statement-breakpoint
CREATE INDEX "change_events_unstamped_idx" ON "change_events" USING btree ("id") WHERE "change_events"."seq" is null;--> statement-breakpoint
CREATE INDEX "change_events_seq_idx" ON "change_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "model_versions_model_created_idx" ON "model_versions" USING btree ("model_id","created_at");--> statement-breakpoint
CREATE INDEX "model_versions_in_progress_idx" ON "model_versions" USING btree ("status") WHERE "model_versions"."status" in ('UPLOADING_TRAINING_FILE', 'FINE_TUNING');--> statement-breakpoint
CREATE INDEX "models_name_idx" ON "models" USING btree ("name");--> statement-breakpoint
CREATE INDEX "models_talent_idx" ON "models" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "models_default_version_idx" ON "models" USING btree ("default_version_id");--> statement-breakpoint
CREATE INDEX "payments_live_created_idx" ON "payments" USING btree ("created_at") WHERE not "payments"."is_sandbox";--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_talent_created_idx" ON "payments" USING btree ("talent_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_product_idx" ON "payments" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_payment_intent_unique" ON "payments" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_invoice_unique" ON "payments" USING btree ("stripe_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_apple_transaction_unique" ON "payments" USING btree ("apple_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_google_transaction_unique" ON "payments" USING btree ("google_transaction_id");--> statement-breakpoint
CREATE INDEX "payouts_talent_created_idx" ON "payouts" USING btree ("talent_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_created_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payouts_requested_by_idx" ON "payouts" USING btree ("requested_by_user_id");--> statement-breakpoint
CREATE INDEX "products_price_type_idx" ON "products" USING btree ("price_type","price_amount");--> statement-breakpoint
CREATE INDEX "public_talents_order_idx" ON "public_talents" USING btree ("order");--> statement-breakpoint
CREATE INDEX "talent_configs_chat_count_idx" ON "talent_configs" USING btree ("chat_count");--> statement-breakpoint
CREATE INDEX "talent_configs_faq_idx" ON "talent_configs" USING btree ("faq_id");--> statement-breakpoint
CREATE INDEX "talent_configs_referral_talent_idx" ON "talent_configs" USING btree ("referral_talent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_drafts_user_unique" ON "talent_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_drafts_referral_talent_idx" ON "talent_drafts" USING btree ("referral_talent_id");--> statement-breakpoint
CREATE INDEX "talent_drafts_talent_idx" ON "talent_drafts" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "talent_managers_talent_idx" ON "talent_managers" USING btree ("talent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "talents_tag_lower_unique" ON "talents" USING btree (lower("tag"));--> statement-breakpoint
CREATE INDEX "talents_name_lower_idx" ON "talents" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "talents_created_idx" ON "talents" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_waitlist_status_created_idx" ON "users" USING btree ("waitlist_status","created_at");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "voices_gender_position_idx" ON "voices" USING btree ("gender","position");