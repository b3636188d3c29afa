DROP INDEX "broadcasts_talent_idx";--> statement-breakpoint
DROP INDEX "chat_messages_reaction_created_idx";--> statement-breakpoint
DROP INDEX "faqs_global_name_idx";--> statement-breakpoint
DROP INDEX "payouts_talent_created_idx";--> statement-breakpoint
DROP INDEX "public_talents_order_idx";--> statement-breakpoint
DROP INDEX "talent_configs_chat_count_idx";--> statement-breakpoint
DROP INDEX "talents_created_idx";--> statement-breakpoint
DROP INDEX "users_waitlist_status_created_idx";--> statement-breakpoint
DROP INDEX "users_role_created_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "broadcasts_talent_scheduled_id_idx" ON "broadcasts" USING btree ("talent_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_reaction_created_id_idx" ON "chat_messages" USING btree ("reaction","created_at","id") WHERE "chat_messages"."reaction" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_reacted_created_id_idx" ON "chat_messages" USING btree ("created_at","id") WHERE "chat_messages"."reaction" is not null;--> statement-breakpoint
CREATE INDEX "faqs_global_name_id_idx" ON "faqs" USING btree ("name","id") WHERE "faqs"."talent_id" is null;--> statement-breakpoint
CREATE INDEX "payouts_talent_created_id_idx" ON "payouts" USING btree ("talent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "public_talents_order_id_idx" ON "public_talents" USING btree ("order","id");--> statement-breakpoint
CREATE INDEX "talent_configs_chat_count_id_idx" ON "talent_configs" USING btree ("chat_count","id");--> statement-breakpoint
CREATE INDEX "talents_created_id_idx" ON "talents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_waitlist_status_created_id_idx" ON "users" USING btree ("waitlist_status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_id_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_fans_created_id_idx" ON "users" USING btree ("created_at","id") WHERE "users"."waitlist_status" is null and "users"."role" = 'USER';--> statement-breakpoint
CREATE INDEX "users_email_pattern_idx" ON "users" USING btree ("email" text_pattern_ops);