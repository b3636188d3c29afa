CREATE TABLE "knowledge_gap_dismissals" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"question" text NOT NULL,
	"question_key" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_gap_dismissals" ADD CONSTRAINT "knowledge_gap_dismissals_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_gap_dismissals_talent_question_unique" ON "knowledge_gap_dismissals" USING btree ("talent_id","question_key");