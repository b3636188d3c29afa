-- The live feed orders change events by their writing transaction's id instead of a sequence stamped
-- afterwards (packages/db/src/live/feed.ts). Events only live an hour: the old ones are dropped, and a
-- client resuming from an old position gets a resync.
DROP TABLE "change_events";
--> statement-breakpoint
DROP SEQUENCE "public"."change_event_seq";
--> statement-breakpoint
CREATE TABLE "change_events" (
	"xid" bigint PRIMARY KEY DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
