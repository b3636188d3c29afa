-- btree_gin lets one GIN index hold the twin's id beside its words (a trusted extension: the
-- database's owner may create it; managed Postgres services offer it).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "knowledge_passages_search_idx";--> statement-breakpoint
-- The GIN index below answers talent_id lookups too; a btree beside it misled generic plans (schema).
DROP INDEX "knowledge_passages_talent_idx";--> statement-breakpoint
CREATE INDEX "knowledge_passages_talent_search_idx" ON "knowledge_passages" USING gin ("talent_id","search_vector");
