CREATE TYPE "public"."earning_source" AS ENUM('sendMessage', 'unlockImage', 'unlockAudio', 'subscription', 'referral');--> statement-breakpoint
CREATE TYPE "public"."talent_ledger_kind" AS ENUM('EARNING', 'REVERSAL', 'REINSTATEMENT', 'PAYOUT');--> statement-breakpoint
CREATE TABLE "talent_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"talent_id" text NOT NULL,
	"kind" "talent_ledger_kind" NOT NULL,
	"source" "earning_source",
	"gross_micro_usd" bigint DEFAULT 0 NOT NULL,
	"net_micro_usd" bigint DEFAULT 0 NOT NULL,
	"payout_id" text,
	"payout_status" "payout_status",
	"previous_payout_status" "payout_status",
	"held_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"reason" text,
	"actor_user_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_ledger_kind_shape" CHECK (("talent_ledger"."kind" = 'PAYOUT') = ("talent_ledger"."payout_id" is not null and "talent_ledger"."payout_status" is not null and "talent_ledger"."source" is null))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "pay_pal_batch_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "pay_pal_batch_status" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "pay_pal_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "talent_ledger" ADD CONSTRAINT "talent_ledger_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_ledger" ADD CONSTRAINT "talent_ledger_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_ledger" ADD CONSTRAINT "talent_ledger_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "talent_ledger_key_unique" ON "talent_ledger" USING btree ("key");--> statement-breakpoint
CREATE INDEX "talent_ledger_talent_occurred_idx" ON "talent_ledger" USING btree ("talent_id","occurred_at");--> statement-breakpoint
CREATE INDEX "talent_ledger_talent_kind_occurred_idx" ON "talent_ledger" USING btree ("talent_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "talent_ledger_payout_idx" ON "talent_ledger" USING btree ("payout_id","created_at");--> statement-breakpoint
CREATE INDEX "talent_ledger_actor_idx" ON "talent_ledger" USING btree ("actor_user_id");--> statement-breakpoint
-- Opening entries for money booked before the ledger (packages/db/src/ledger-opening.ts).
insert into talent_ledger (id, key, talent_id, kind, source, gross_micro_usd, net_micro_usd, occurred_at)
    select substr(md5(f.id || s.source), 1, 20), 'opening:' || f.talent_id || ':' || f.key || ':' || s.source,
      f.talent_id, 'EARNING', s.source::earning_source, s.gross, s.net, f.started_at
    from earning_frames f
    cross join lateral (values
      ('sendMessage', f.gross_send_message, f.net_send_message),
      ('unlockImage', f.gross_unlock_image, f.net_unlock_image),
      ('unlockAudio', f.gross_unlock_audio, f.net_unlock_audio),
      ('subscription', f.gross_subscription, f.net_subscription),
      ('referral', f.gross_referral, f.net_referral)) as s(source, gross, net)
    where f.range = 'DAY' and (s.gross <> 0 or s.net <> 0)
    on conflict (key) do nothing;--> statement-breakpoint
insert into talent_ledger (id, key, talent_id, kind, gross_micro_usd, net_micro_usd, occurred_at)
    select substr(md5(f.id || 'reversal'), 1, 20), 'opening:' || f.talent_id || ':' || f.key || ':reversal',
      f.talent_id, 'REVERSAL', -f.gross_reversal, -f.net_reversal, f.started_at
    from earning_frames f
    where f.range = 'DAY' and (f.gross_reversal <> 0 or f.net_reversal <> 0)
    on conflict (key) do nothing;--> statement-breakpoint
insert into talent_ledger (id, key, talent_id, kind, payout_id, payout_status, held_cents, actor_user_id, occurred_at)
    select substr(md5(p.id || ':1'), 1, 20), 'payout:' || p.id || ':1', p.talent_id, 'PAYOUT', p.id, 'PENDING',
      p.amount, p.requested_by_user_id, p.requested_at
    from payouts p
    on conflict (key) do nothing;--> statement-breakpoint
insert into talent_ledger (id, key, talent_id, kind, payout_id, payout_status, previous_payout_status,
      held_cents, paid_cents, reason, occurred_at)
    select substr(md5(p.id || ':2'), 1, 20), 'payout:' || p.id || ':2', p.talent_id, 'PAYOUT', p.id, p.status, 'PENDING',
      case when p.status in ('REJECTED', 'FAILED') then -p.amount else 0 end,
      case when p.status = 'EXECUTED' then p.amount else 0 end,
      p.rejection_reason, coalesce(p.executed_at, p.rejected_at, p.failed_at, p.updated_at)
    from payouts p
    where p.status <> 'PENDING'
    on conflict (key) do nothing;--> statement-breakpoint
update talent_configs c set total_payout_amount = coalesce(
      (select sum(l.held_cents) from talent_ledger l where l.talent_id = c.id and l.kind = 'PAYOUT'), 0);
