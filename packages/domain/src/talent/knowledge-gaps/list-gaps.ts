// talent.knowledgeGaps.list: computed on read from the prompt log, no table of its own. A gap is a
// fan message whose reply's ChatPrompt carried no FAQ item scoring at least that prompt's
// faqMinScore and no knowledge passage scoring at least answeringPassageScore: the verdict Postgres
// stores on the prompt (chat_prompts.uncovered, a generated column). Reading a creator's last 30
// days, at most 500 such replies, newest week first, is a few index range scans (chats by talent and
// activity, messages by chat and time, the gap prompts by id in chat_prompts_uncovered_idx without
// touching the prompt rows, fan messages by id).
import {
  chatMessages,
  chatPrompts,
  chats,
  type Executor,
  faqItems,
  faqs,
  knowledgeGapDismissals,
  talentConfigs,
} from '@doppel/db';
import type { KnowledgeGapsView } from '@doppel/validation';
import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { defaultFaqMinScore } from '../../chat/reply/faq.ts';
import { answeringPassageScore, PassageVectors, retrievePassages } from '../../chat/reply/knowledge.ts';
import { type GapQuestion, groupGapQuestions, isCovered, isDismissed } from './group.ts';
import { isFanQuestion } from './is-fan-question.ts';

export const knowledgeGapDays = 30;
export const knowledgeGapRecentLimit = 500;
/** The newest dismissals read: far more than a creator dismisses, and bounded so the list stays quick. */
export const knowledgeGapDismissalsRead = 1000;

/**
 * Embeds texts for grouping and for re-matching against the FAQ. The API passes the offline hashed
 * embedding: it is local and free, so listing costs no provider call; the decision that a message
 * was a gap is the reply engine's own, read from the prompt log.
 */
export type EmbedTexts = (texts: string[]) => Promise<number[][]> | number[][];

type Row = { text: string; askedAt: Date; minScore: number | null };

/**
 * The windows the gaps are read in, newest first (days before now): a busy twin's newest 500 are
 * usually in the first week, and each reply costs a prompt lookup, so reading the whole 30 days
 * to keep the newest 500 cost 140 ms on the benchmark's twin (10,000 replies); a quiet twin reads
 * on into older windows, which hold only older replies, so the list is the same.
 */
const gapWindowDays = [7, 14, knowledgeGapDays];

type Window = { from: Date; until: Date | null };

/** The fan messages behind gap replies of the talent in the window, newest first, at most `limit`. */
async function gapMessagesIn(db: Executor, talentId: string, window: Window, limit: number): Promise<Row[]> {
  const fan = alias(chatMessages, 'fan_message');
  const reply = chatMessages;
  const inWindow = and(
    eq(reply.chatId, chats.id),
    eq(reply.senderType, 'TALENT'),
    gte(reply.createdAt, window.from),
    window.until === null ? undefined : lt(reply.createdAt, window.until),
  );
  return (
    db
      .select({ text: fan.text, askedAt: fan.createdAt, minScore: chatPrompts.faqMinScore })
      .from(chats)
      .innerJoin(reply, inWindow)
      // The prompt's verdict, stored (chat_prompts.uncovered): the gaps' partial index answers the join.
      .innerJoin(chatPrompts, and(eq(chatPrompts.id, reply.id), sql`${chatPrompts.uncovered}`))
      .innerJoin(fan, and(eq(fan.id, reply.replyToMessageId), eq(fan.senderType, 'USER')))
      // A reply or fan message bumps chats.updatedAt, so older chats hold no message in the window.
      .where(and(eq(chats.talentId, talentId), gte(chats.updatedAt, window.from)))
      .orderBy(desc(reply.createdAt))
      .limit(limit)
  );
}

/** The fan messages behind the newest gap replies of the talent in the last 30 days, newest first. */
async function gapMessages(db: Executor, talentId: string, now: Date): Promise<Row[]> {
  const windows = gapWindowDays.map((days, index) => {
    const before = gapWindowDays[index - 1];
    const from = new Date(now.getTime() - days * 86_400_000);
    return { from, until: before === undefined ? null : new Date(now.getTime() - before * 86_400_000) };
  });
  // The first two windows are read at once (the second is needed whenever the first week holds
  // fewer than 500, as on the bench's twin, and waiting for the first cost a whole query); the rest
  // only when still short. Each window's rows are taken up to the limit in order, as before.
  const [first, second] = await Promise.all(
    windows.slice(0, 2).map((window) => gapMessagesIn(db, talentId, window, knowledgeGapRecentLimit)),
  );
  const rows: Row[] = [...(first ?? []), ...(second ?? [])].slice(0, knowledgeGapRecentLimit);
  for (const window of windows.slice(2)) {
    if (rows.length >= knowledgeGapRecentLimit) break;
    rows.push(...(await gapMessagesIn(db, talentId, window, knowledgeGapRecentLimit - rows.length)));
  }
  return rows;
}

/** The questions of every FAQ the twin's replies read now: its own (talent_configs.faqId) and the global ones. */
async function currentFaqQuestions(db: Executor, talentId: string): Promise<string[]> {
  const own = sql`${faqs.id} = (select ${talentConfigs.faqId} from ${talentConfigs} where ${talentConfigs.id} = ${talentId})`;
  const rows = await db
    .select({ question: faqItems.question })
    .from(faqItems)
    .innerJoin(faqs, eq(faqs.id, faqItems.faqId))
    .where(or(isNull(faqs.talentId), own));
  return rows.map((row) => row.question);
}

/** The questions the creator dismissed, newest first (the unique index on talent and wording). */
async function dismissedQuestions(db: Executor, talentId: string): Promise<string[]> {
  const rows = await db
    .select({ question: knowledgeGapDismissals.question })
    .from(knowledgeGapDismissals)
    .where(eq(knowledgeGapDismissals.talentId, talentId))
    .orderBy(desc(knowledgeGapDismissals.dismissedAt))
    .limit(knowledgeGapDismissalsRead);
  return rows.map((row) => row.question);
}

export async function listKnowledgeGaps(
  db: Executor,
  embed: EmbedTexts,
  input: { talentId: string; now?: Date },
): Promise<KnowledgeGapsView> {
  const [rows, faqQuestions, dismissed] = await Promise.all([
    gapMessages(db, input.talentId, input.now ?? new Date()),
    currentFaqQuestions(db, input.talentId),
    dismissedQuestions(db, input.talentId),
  ]);
  // Only questions: greetings, thanks, reactions and statements are not gaps (is-fan-question.ts).
  const candidates = rows.filter((row) => isFanQuestion(row.text));
  if (candidates.length === 0) return { groups: [], days: knowledgeGapDays };

  // Each wording embedded and re-matched once: fans ask the same questions in the same words (the
  // bench's 500 gaps hold a few dozen wordings), and a text's vector is the same wherever it stands.
  const texts = [...new Set([...candidates.map((row) => row.text), ...faqQuestions, ...dismissed])];
  const embedded = await embed(texts);
  const vectorOf = new Map(texts.map((text, index) => [text, embedded[index] ?? []]));
  const faqVectors = faqQuestions.map((question) => vectorOf.get(question) ?? []);
  const dismissedVectors = dismissed.map((question) => vectorOf.get(question) ?? []);
  // Re-matched against today's FAQ: a question the creator (or an admin) has answered since drops
  // out; so does one like a question the creator dismissed.
  const stillOpen = new Map<string, boolean>();
  const open: GapQuestion[] = candidates.flatMap((row) => {
    const vector = vectorOf.get(row.text) ?? [];
    const minScore = row.minScore ?? defaultFaqMinScore;
    const key = `${minScore} ${row.text}`;
    let isOpen = stillOpen.get(key);
    if (isOpen === undefined) {
      isOpen = !isCovered(vector, faqVectors, minScore) && !isDismissed(vector, dismissedVectors);
      stillOpen.set(key, isOpen);
    }
    return isOpen ? [{ text: row.text, askedAt: row.askedAt, vector }] : [];
  });
  // A group a passage of a source added since now answers drops out too (checked once a group: the
  // twin's passage vectors are read once for all of them). The local embedding meets only passages
  // embedded offline; those embedded by a provider's model are matched by their words alone, and
  // their stored vectors are never replaced.
  const passageVectors = new PassageVectors(1);
  const grouped = groupGapQuestions(open);
  const answers = (group: (typeof grouped)[number]) =>
    retrievePassages(
      db,
      { embed: async (texts) => embed(texts) },
      { talentId: input.talentId, text: group.question, minScore: answeringPassageScore, limit: 1, embedMissing: false },
      passageVectors,
    ).then((matches) => matches.length > 0);
  // The first reads the twin's vectors, the rest use them, all at once: one after another, a list
  // of 50 groups waited out 100 round trips (about 1 ms each on the bench's machine).
  const answered: boolean[] = [];
  if (grouped[0]) answered.push(await answers(grouped[0]));
  answered.push(...(await Promise.all(grouped.slice(1).map(answers))));
  const groups = grouped
    .filter((_, index) => !answered[index])
    .map((group) => ({ ...group, lastAskedAt: group.lastAskedAt.toISOString() }));
  return { groups, days: knowledgeGapDays };
}
