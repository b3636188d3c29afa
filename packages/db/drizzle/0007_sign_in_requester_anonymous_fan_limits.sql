ALTER TABLE "sign_in_tokens" ADD COLUMN "requested_by_user_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "free_credits_granted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_from_address_hash" text;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_tokens_requested_by_idx" ON "sign_in_tokens" USING btree ("requested_by_user_id");--> statement-breakpoint
CREATE INDEX "users_created_from_address_idx" ON "users" USING btree ("created_from_address_hash","created_at") WHERE "users"."created_from_address_hash" is not null;