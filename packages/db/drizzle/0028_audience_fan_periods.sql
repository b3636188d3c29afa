CREATE TABLE "audience_fan_periods" (
	"talent_id" text NOT NULL,
	"grain" text NOT NULL,
	"period_start" date NOT NULL,
	"chat_id" text NOT NULL,
	"user_id" text NOT NULL,
	"last_day" date NOT NULL,
	"first_paid_at" timestamp with time zone,
	"paid_credits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audience_fan_periods_talent_id_grain_period_start_chat_id_pk" PRIMARY KEY("talent_id","grain","period_start","chat_id"),
	CONSTRAINT "audience_fan_periods_grain" CHECK ("audience_fan_periods"."grain" in ('week', 'month'))
);
--> statement-breakpoint
ALTER TABLE "audience_fan_periods" ADD CONSTRAINT "audience_fan_periods_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_fan_periods" ADD CONSTRAINT "audience_fan_periods_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_fan_periods_chat_idx" ON "audience_fan_periods" USING btree ("chat_id");--> statement-breakpoint
-- The weeks and months the rollup has already closed, folded from their days as the insights.rollup
-- job folds each one it closes from now on (packages/domain/src/talent/audience-rollup.ts).
INSERT INTO "audience_fan_periods" ("talent_id", "grain", "period_start", "chat_id", "user_id", "last_day", "first_paid_at", "paid_credits")
SELECT d."talent_id", g.grain, date_trunc(g.grain, d."day"::timestamp)::date, d."chat_id", min(d."user_id"), max(d."day"),
  min(d."first_paid_at"), sum(d."paid_credits")::int
FROM "audience_fan_days" d
CROSS JOIN (VALUES ('week'), ('month')) AS g(grain)
JOIN "audience_rollup" r ON r."id" = 'audience' AND r."rolled_until" IS NOT NULL
WHERE date_trunc(g.grain, d."day"::timestamp) + ('1 ' || g.grain)::interval <= r."rolled_until"
GROUP BY d."talent_id", g.grain, date_trunc(g.grain, d."day"::timestamp), d."chat_id"
ON CONFLICT DO NOTHING;
