ALTER TABLE "reach_outs" DROP CONSTRAINT "reach_outs_status_check";--> statement-breakpoint
ALTER TABLE "reply_drafts" ALTER COLUMN "fan_message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_drafts" ALTER COLUMN "prompt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD COLUMN "reach_out_id" text;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_reach_out_id_reach_outs_id_fk" FOREIGN KEY ("reach_out_id") REFERENCES "public"."reach_outs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reply_drafts_reach_out_unique" ON "reply_drafts" USING btree ("reach_out_id");--> statement-breakpoint
ALTER TABLE "reach_outs" ADD CONSTRAINT "reach_outs_status_check" CHECK ("reach_outs"."status" in ('PENDING', 'HELD', 'SENT', 'SKIPPED'));--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_answers_one_check" CHECK (("reply_drafts"."fan_message_id" is null) <> ("reply_drafts"."reach_out_id" is null));