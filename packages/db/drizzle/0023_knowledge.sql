CREATE TABLE "knowledge_passages" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"talent_id" text NOT NULL,
	"revision" integer NOT NULL,
	"position" integer NOT NULL,
	"heading" text,
	"text" text NOT NULL,
	"embedding" real[] NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(heading, '') || ' ' || text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"talent_id" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"file_key" text,
	"byte_size" integer DEFAULT 0 NOT NULL,
	"char_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"failure_reason" text,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_sources_kind_check" CHECK ("knowledge_sources"."kind" in ('FILE', 'TEXT', 'URL')),
	CONSTRAINT "knowledge_sources_status_check" CHECK ("knowledge_sources"."status" in ('PROCESSING', 'READY', 'FAILED')),
	CONSTRAINT "knowledge_sources_format_check" CHECK ("knowledge_sources"."format" in ('PDF', 'DOCX', 'TEXT', 'MARKDOWN', 'SUBTITLES', 'QA_CSV', 'WEB_PAGE'))
);
--> statement-breakpoint
ALTER TABLE "chat_prompts" ADD COLUMN "passages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_prompts" ADD COLUMN "examples" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_corrections" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_passages_source_revision_position_unique" ON "knowledge_passages" USING btree ("source_id","revision","position");--> statement-breakpoint
CREATE INDEX "knowledge_passages_talent_idx" ON "knowledge_passages" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "knowledge_passages_search_idx" ON "knowledge_passages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_sources_talent_created_idx" ON "knowledge_sources" USING btree ("talent_id","created_at");