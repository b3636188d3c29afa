CREATE TABLE "twin_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"reporter_email" text NOT NULL,
	"reporter_user_id" text,
	"reporter_address_hash" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"closing_note" text,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "twin_reports_reason_check" CHECK ("twin_reports"."reason" in ('IMPERSONATION', 'HARMFUL_CONTENT', 'OTHER')),
	CONSTRAINT "twin_reports_status_check" CHECK ("twin_reports"."status" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "consent_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "consent_confirmed_by_user_id" text;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "hidden_from_fans_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "twin_reports" ADD CONSTRAINT "twin_reports_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twin_reports" ADD CONSTRAINT "twin_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twin_reports" ADD CONSTRAINT "twin_reports_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "twin_reports_status_created_id_idx" ON "twin_reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "twin_reports_created_id_idx" ON "twin_reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "twin_reports_talent_idx" ON "twin_reports" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "twin_reports_reporter_user_idx" ON "twin_reports" USING btree ("reporter_user_id");--> statement-breakpoint
CREATE INDEX "twin_reports_closed_by_idx" ON "twin_reports" USING btree ("closed_by_user_id");--> statement-breakpoint
CREATE INDEX "twin_reports_address_created_idx" ON "twin_reports" USING btree ("reporter_address_hash","created_at");--> statement-breakpoint
CREATE INDEX "twin_reports_email_created_idx" ON "twin_reports" USING btree ("reporter_email","created_at");--> statement-breakpoint
ALTER TABLE "talents" ADD CONSTRAINT "talents_consent_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("consent_confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "talents_consent_confirmed_by_idx" ON "talents" USING btree ("consent_confirmed_by_user_id");