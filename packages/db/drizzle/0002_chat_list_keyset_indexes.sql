DROP INDEX "chats_created_idx";--> statement-breakpoint
DROP INDEX "chats_updated_idx";--> statement-breakpoint
DROP INDEX "chats_message_count_idx";--> statement-breakpoint
DROP INDEX "chats_interaction_created_idx";--> statement-breakpoint
DROP INDEX "chats_interaction_updated_idx";--> statement-breakpoint
DROP INDEX "chats_interaction_message_count_idx";--> statement-breakpoint
DROP INDEX "chats_non_anonymous_created_idx";--> statement-breakpoint
DROP INDEX "chats_non_anonymous_updated_idx";--> statement-breakpoint
DROP INDEX "chats_non_anonymous_message_count_idx";--> statement-breakpoint
DROP INDEX "chats_paid_credits_created_idx";--> statement-breakpoint
DROP INDEX "chats_paid_credits_updated_idx";--> statement-breakpoint
DROP INDEX "chats_paid_credits_message_count_idx";--> statement-breakpoint
DROP INDEX "chats_subscription_created_idx";--> statement-breakpoint
DROP INDEX "chats_subscription_updated_idx";--> statement-breakpoint
DROP INDEX "chats_subscription_message_count_idx";--> statement-breakpoint
DROP INDEX "chats_manager_created_idx";--> statement-breakpoint
DROP INDEX "chats_manager_updated_idx";--> statement-breakpoint
DROP INDEX "chats_manager_message_count_idx";--> statement-breakpoint
CREATE INDEX "chats_created_idx" ON "chats" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chats_updated_idx" ON "chats" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "chats_message_count_idx" ON "chats" USING btree ("chat_message_count","id");--> statement-breakpoint
CREATE INDEX "chats_interaction_created_idx" ON "chats" USING btree ("created_at","id") WHERE "chats"."has_user_interaction";--> statement-breakpoint
CREATE INDEX "chats_interaction_updated_idx" ON "chats" USING btree ("updated_at","id") WHERE "chats"."has_user_interaction";--> statement-breakpoint
CREATE INDEX "chats_interaction_message_count_idx" ON "chats" USING btree ("chat_message_count","id") WHERE "chats"."has_user_interaction";--> statement-breakpoint
CREATE INDEX "chats_non_anonymous_created_idx" ON "chats" USING btree ("created_at","id") WHERE "chats"."has_user_interaction_with_non_anonymous_user";--> statement-breakpoint
CREATE INDEX "chats_non_anonymous_updated_idx" ON "chats" USING btree ("updated_at","id") WHERE "chats"."has_user_interaction_with_non_anonymous_user";--> statement-breakpoint
CREATE INDEX "chats_non_anonymous_message_count_idx" ON "chats" USING btree ("chat_message_count","id") WHERE "chats"."has_user_interaction_with_non_anonymous_user";--> statement-breakpoint
CREATE INDEX "chats_paid_credits_created_idx" ON "chats" USING btree ("created_at","id") WHERE "chats"."has_user_interaction_with_paid_credits";--> statement-breakpoint
CREATE INDEX "chats_paid_credits_updated_idx" ON "chats" USING btree ("updated_at","id") WHERE "chats"."has_user_interaction_with_paid_credits";--> statement-breakpoint
CREATE INDEX "chats_paid_credits_message_count_idx" ON "chats" USING btree ("chat_message_count","id") WHERE "chats"."has_user_interaction_with_paid_credits";--> statement-breakpoint
CREATE INDEX "chats_subscription_created_idx" ON "chats" USING btree ("created_at","id") WHERE "chats"."has_user_interaction_with_subscription";--> statement-breakpoint
CREATE INDEX "chats_subscription_updated_idx" ON "chats" USING btree ("updated_at","id") WHERE "chats"."has_user_interaction_with_subscription";--> statement-breakpoint
CREATE INDEX "chats_subscription_message_count_idx" ON "chats" USING btree ("chat_message_count","id") WHERE "chats"."has_user_interaction_with_subscription";--> statement-breakpoint
CREATE INDEX "chats_manager_created_idx" ON "chats" USING btree ("created_at","id") WHERE "chats"."has_user_interaction_with_manager";--> statement-breakpoint
CREATE INDEX "chats_manager_updated_idx" ON "chats" USING btree ("updated_at","id") WHERE "chats"."has_user_interaction_with_manager";--> statement-breakpoint
CREATE INDEX "chats_manager_message_count_idx" ON "chats" USING btree ("chat_message_count","id") WHERE "chats"."has_user_interaction_with_manager";