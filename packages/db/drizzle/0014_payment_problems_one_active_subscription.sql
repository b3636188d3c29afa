CREATE TYPE "public"."payment_problem" AS ENUM('AMOUNT_MISMATCH', 'DUPLICATE_SUBSCRIPTION');--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "price_amount" bigint;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "price_fraction_digits" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "problem" "payment_problem";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "problem_reason" text;--> statement-breakpoint
-- Until now a fan could end up with several ACTIVE subscriptions to one twin (checkouts opened
-- before paying any). Before the index makes that impossible, each fan and twin keeps the one paid
-- furthest ahead (then the newest, then the highest id); the others end, at their period's end or
-- now if that is sooner. Their payments stay booked as they were.
UPDATE "subscriptions" AS "s"
SET "status" = 'ENDED', "ended_at" = LEAST("s"."current_period_end", now()), "updated_at" = now()
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "user_id", "talent_id"
    ORDER BY "current_period_end" DESC, "created_at" DESC, "id" DESC
  ) AS "rank"
  FROM "subscriptions"
  WHERE "status" = 'ACTIVE'
) AS "ranked"
WHERE "s"."id" = "ranked"."id" AND "ranked"."rank" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active_per_fan_twin" ON "subscriptions" USING btree ("user_id","talent_id") WHERE "subscriptions"."status" = 'ACTIVE';