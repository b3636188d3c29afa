CREATE TABLE "quality_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"category" text NOT NULL,
	"origin" text NOT NULL,
	"source_key" text,
	"question" text NOT NULL,
	"expected" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_cases_category_check" CHECK ("quality_cases"."category" in ('FAQ', 'KNOWLEDGE', 'CORRECTION', 'BOUNDARY', 'HONESTY')),
	CONSTRAINT "quality_cases_origin_check" CHECK ("quality_cases"."origin" in ('AUTO', 'ADMIN')),
	CONSTRAINT "quality_cases_source_key_check" CHECK (("quality_cases"."origin" = 'AUTO') = ("quality_cases"."source_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "quality_results" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"case_id" text NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"expected" text NOT NULL,
	"answer" text NOT NULL,
	"score" real NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_results_category_check" CHECK ("quality_results"."category" in ('FAQ', 'KNOWLEDGE', 'CORRECTION', 'BOUNDARY', 'HONESTY')),
	CONSTRAINT "quality_results_score_check" CHECK ("quality_results"."score" >= 0 and "quality_results"."score" <= 1)
);
--> statement-breakpoint
CREATE TABLE "quality_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"model_version_id" text,
	"model_id" text,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"scorer" text,
	"overall_score" real,
	"category_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"case_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_runs_trigger_check" CHECK ("quality_runs"."trigger" in ('MANUAL', 'NEW_VERSION', 'TWIN_CHANGED', 'NIGHTLY')),
	CONSTRAINT "quality_runs_status_check" CHECK ("quality_runs"."status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "quality_runs_scorer_check" CHECK ("quality_runs"."scorer" in ('judge', 'offline'))
);
--> statement-breakpoint
ALTER TABLE "talent_corrections" DROP CONSTRAINT "talent_corrections_source_check";--> statement-breakpoint
ALTER TABLE "talent_corrections" ALTER COLUMN "reply_message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "provider" text DEFAULT 'openai' NOT NULL;--> statement-breakpoint
-- Versions the offline fine-tuner trained say so by their model id.
UPDATE "model_versions" SET "provider" = 'offline' WHERE "fine_tuned_model_id" LIKE 'ft:%:doppel-offline:%';--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "endpoint_url" text;--> statement-breakpoint
ALTER TABLE "model_versions" ADD COLUMN "endpoint_api_key" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "previous_default_version_id" text;--> statement-breakpoint
ALTER TABLE "talent_corrections" ADD COLUMN "quality_case_id" text;--> statement-breakpoint
ALTER TABLE "quality_cases" ADD CONSTRAINT "quality_cases_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_run_id_quality_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."quality_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_case_id_quality_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."quality_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_runs" ADD CONSTRAINT "quality_runs_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_runs" ADD CONSTRAINT "quality_runs_model_version_id_model_versions_id_fk" FOREIGN KEY ("model_version_id") REFERENCES "public"."model_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quality_cases_talent_source_unique" ON "quality_cases" USING btree ("talent_id","source_key");--> statement-breakpoint
CREATE INDEX "quality_cases_talent_category_idx" ON "quality_cases" USING btree ("talent_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_results_run_case_unique" ON "quality_results" USING btree ("run_id","case_id");--> statement-breakpoint
CREATE INDEX "quality_results_case_idx" ON "quality_results" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "quality_runs_talent_created_idx" ON "quality_runs" USING btree ("talent_id","created_at");--> statement-breakpoint
CREATE INDEX "quality_runs_version_idx" ON "quality_runs" USING btree ("model_version_id");--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_previous_default_version_id_model_versions_id_fk" FOREIGN KEY ("previous_default_version_id") REFERENCES "public"."model_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_corrections" ADD CONSTRAINT "talent_corrections_quality_case_id_quality_cases_id_fk" FOREIGN KEY ("quality_case_id") REFERENCES "public"."quality_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "models_previous_default_version_idx" ON "models" USING btree ("previous_default_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_corrections_quality_case_unique" ON "talent_corrections" USING btree ("quality_case_id");--> statement-breakpoint
ALTER TABLE "model_versions" ADD CONSTRAINT "model_versions_provider_check" CHECK ("model_versions"."provider" in ('openai', 'together', 'offline', 'custom'));--> statement-breakpoint
ALTER TABLE "model_versions" ADD CONSTRAINT "model_versions_custom_endpoint_check" CHECK (("model_versions"."provider" = 'custom') = ("model_versions"."endpoint_url" is not null));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_provider_check" CHECK ("models"."provider" in ('openai', 'together', 'offline'));--> statement-breakpoint
ALTER TABLE "talent_corrections" ADD CONSTRAINT "talent_corrections_reply_check" CHECK (("talent_corrections"."source" = 'QUALITY_CHECK') = ("talent_corrections"."reply_message_id" is null));--> statement-breakpoint
ALTER TABLE "talent_corrections" ADD CONSTRAINT "talent_corrections_source_check" CHECK ("talent_corrections"."source" in ('DRAFT_EDIT', 'REWRITE', 'QUALITY_CHECK'));