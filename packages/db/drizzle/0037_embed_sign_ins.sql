CREATE TABLE "embed_sign_ins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"anonymous_user_id" text NOT NULL,
	"talent_id" text NOT NULL,
	"confirmed_by_user_id" text,
	"confirmed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embed_sign_ins" ADD CONSTRAINT "embed_sign_ins_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_sign_ins" ADD CONSTRAINT "embed_sign_ins_anonymous_user_id_users_id_fk" FOREIGN KEY ("anonymous_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_sign_ins" ADD CONSTRAINT "embed_sign_ins_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_sign_ins" ADD CONSTRAINT "embed_sign_ins_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embed_sign_ins_session_idx" ON "embed_sign_ins" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "embed_sign_ins_anonymous_user_idx" ON "embed_sign_ins" USING btree ("anonymous_user_id");--> statement-breakpoint
CREATE INDEX "embed_sign_ins_talent_idx" ON "embed_sign_ins" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "embed_sign_ins_confirmed_by_idx" ON "embed_sign_ins" USING btree ("confirmed_by_user_id");