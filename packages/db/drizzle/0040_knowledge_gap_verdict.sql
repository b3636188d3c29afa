-- Hand-written: the knowledge-gap verdict of a prompt, for the generated column below (a generated
-- column cannot hold a subquery). No FAQ item scoring at least the prompt's minimum (else 0.35,
-- the reply engine's defaultFaqMinScore) and no passage scoring at least 0.3 (answeringPassageScore).
CREATE FUNCTION chat_prompt_uncovered(faq_items jsonb, faq_min_score double precision, passages jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select not exists (
    select 1 from jsonb_array_elements(case when jsonb_typeof(faq_items) = 'array' then faq_items else '[]' end) as item
    where jsonb_typeof(item->'score') = 'number' and (item->>'score')::float8 >= coalesce(faq_min_score, 0.35)
  ) and not exists (
    select 1 from jsonb_array_elements(case when jsonb_typeof(passages) = 'array' then passages else '[]' end) as passage
    where jsonb_typeof(passage->'score') = 'number' and (passage->>'score')::float8 >= 0.3
  )
$$;--> statement-breakpoint
ALTER TABLE "audience_first_messages" ADD COLUMN "first_day" date GENERATED ALWAYS AS ((first_message_at at time zone 'UTC')::date) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_prompts" ADD COLUMN "uncovered" boolean GENERATED ALWAYS AS (chat_prompt_uncovered(faq_items, faq_min_score, passages)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_prompts_uncovered_idx" ON "chat_prompts" USING btree ("id","faq_min_score") WHERE "chat_prompts"."uncovered";