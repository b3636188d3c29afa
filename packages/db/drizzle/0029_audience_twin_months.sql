CREATE TABLE "audience_twin_months" (
	"talent_id" text NOT NULL,
	"month" date NOT NULL,
	"fans" integer NOT NULL,
	"returning_fans" integer NOT NULL,
	CONSTRAINT "audience_twin_months_talent_id_month_pk" PRIMARY KEY("talent_id","month")
);
--> statement-breakpoint
DROP INDEX "audience_first_messages_talent_idx";--> statement-breakpoint
ALTER TABLE "audience_first_messages" ADD COLUMN "last_day" date;--> statement-breakpoint
ALTER TABLE "audience_twin_months" ADD CONSTRAINT "audience_twin_months_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_fan_days_paid_idx" ON "audience_fan_days" USING btree ("talent_id","day") WHERE "audience_fan_days"."first_paid_at" is not null;--> statement-breakpoint
CREATE INDEX "audience_fan_periods_paid_idx" ON "audience_fan_periods" USING btree ("talent_id","grain","period_start") WHERE "audience_fan_periods"."first_paid_at" is not null;--> statement-breakpoint
CREATE INDEX "audience_first_messages_talent_last_day_idx" ON "audience_first_messages" USING btree ("talent_id","last_day");--> statement-breakpoint
-- Each chat's last rolled-up day, as the insights.rollup job records it from now on
-- (packages/domain/src/talent/audience-rollup.ts).
UPDATE "audience_first_messages" fm SET "last_day" = d."last_day"
FROM (SELECT "chat_id", max("day") AS "last_day" FROM "audience_fan_days" GROUP BY "chat_id") d
WHERE d."chat_id" = fm."chat_id";--> statement-breakpoint
-- The months the rollup has already closed (their audience_fan_periods rows), counted per twin as
-- the job counts each month it closes from now on.
INSERT INTO "audience_twin_months" ("talent_id", "month", "fans", "returning_fans")
SELECT p."talent_id", p."period_start", count(*)::int,
  (count(*) FILTER (WHERE p."last_day" > (fm."first_message_at" AT TIME ZONE 'UTC')::date))::int
FROM "audience_fan_periods" p
JOIN "audience_first_messages" fm ON fm."chat_id" = p."chat_id"
WHERE p."grain" = 'month'
GROUP BY p."talent_id", p."period_start"
ON CONFLICT DO NOTHING;
