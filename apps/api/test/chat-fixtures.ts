// Shared set-up of the chat tests: twins with prices, configs and referrers, fans with balances,
// and a look at what the database holds.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ChatMessageSuggestion,
  chatMessages,
  earningFrames,
  type InitialChatMessage,
  metricFrames,
  talentConfigs,
  talentManagers,
  talents,
  users,
} from '@doppel/db';
import { answerFanMessage } from '@doppel/domain/chat/reply';
import type { LlmPort } from '@doppel/domain/ports';
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { type JobPayload, parseJobPayload, splitJobOrigin } from '@doppel/jobs';
import { TRPCClientError } from '@trpc/client';
import { and, eq } from 'drizzle-orm';
import { type Api, signIn, startApi } from './harness.ts';

export const freeCredits = 3;

/** An API whose files live in a temporary folder and whose anonymous fans get 3 free credits. */
export async function startChatApi(): Promise<{ api: Api; filesDir: string }> {
  const filesDir = await mkdtemp(join(tmpdir(), 'doppel-chat-files-'));
  const api = await startApi({ env: { FAN_FREE_CREDITS: String(freeCredits), FILES_DIR: filesDir } });
  return { api, filesDir };
}

let talentCount = 0;

export type TalentSetup = {
  creditsToSendMessage?: number;
  creditsToUnlockImage?: number;
  creditsToUnlockAudio?: number;
  creditsToUnlockFirstImage?: number | null;
  subscriptionProductId?: string | null;
  chatMessageSuggestions?: ChatMessageSuggestion[];
  initialChatMessages?: InitialChatMessage[];
  managerIds?: string[];
};

/** A twin with its config, referred by a second twin (which earns the 3 % referral share). */
export async function createTalent(api: Api, setup: TalentSetup = {}) {
  const { db } = api.database;
  talentCount += 1;
  const tag = `twin_${talentCount}_${Math.random().toString(36).slice(2, 8)}`;
  const [referrer] = await db
    .insert(talents)
    .values({ name: `Referrer of ${tag}`, tag: `ref_${tag}` })
    .returning();
  const [talent] = await db
    .insert(talents)
    .values({
      name: `Twin ${talentCount}`,
      tag,
      creditsToSendMessage: setup.creditsToSendMessage ?? 1,
      creditsToUnlockImage: setup.creditsToUnlockImage ?? 5,
      creditsToUnlockAudio: setup.creditsToUnlockAudio ?? 3,
      creditsToUnlockFirstImage: setup.creditsToUnlockFirstImage === undefined ? 2 : setup.creditsToUnlockFirstImage,
      subscriptionProductId: setup.subscriptionProductId ?? null,
      chatMessageForAuth: 'AUTH: sign in to keep chatting',
      chatMessageForCheckout: 'CHECKOUT: get more credits',
      chatMessageForSubscription: 'SUBSCRIPTION: join my club',
      chatMessageSuggestions: setup.chatMessageSuggestions ?? [],
      initialChatMessages: setup.initialChatMessages ?? [],
    })
    .returning();
  if (!talent || !referrer) throw new Error('talent seed failed');
  await db.insert(talentConfigs).values([{ id: referrer.id }, { id: talent.id, referralTalentId: referrer.id }]);
  if (setup.managerIds?.length) {
    await db.insert(talentManagers).values(setup.managerIds.map((userId) => ({ userId, talentId: talent.id })));
  }
  return { talent, referrer, tag };
}

export async function setBalance(api: Api, userId: string, credits: number, paidCredits: number) {
  await api.database.db.update(users).set({ credits, paidCredits }).where(eq(users.id, userId));
}

export async function balanceOf(api: Api, userId: string) {
  const [row] = await api.database.db
    .select({ credits: users.credits, paidCredits: users.paidCredits })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function userIdOf(api: Api, email: string): Promise<string> {
  const [row] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function totalFrame(api: Api, talentId: string) {
  const [row] = await api.database.db
    .select()
    .from(earningFrames)
    .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'TOTAL')));
  return row;
}

export async function metricsOf(api: Api, talentId: string) {
  const [row] = await api.database.db.select().from(metricFrames).where(eq(metricFrames.talentId, talentId));
  return row;
}

export async function messagesOf(api: Api, chatId: string) {
  return api.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
}

/** chat.reply jobs queued for a chat, counted in pg-boss's own table: their payloads, without the origin. */
export async function replyJobsOf(api: Api, chatId: string): Promise<JobPayload<'chat.reply'>[]> {
  const rows = await api.database.sql<{ data: unknown }[]>`
    select data from pgboss.job where name = 'chat.reply' and data->>'chatId' = ${chatId}`;
  return rows.map((row) => parseJobPayload('chat.reply', splitJobOrigin(row.data).payload));
}

/** The tRPC code and the domain's appCode of a failed call. */
export async function failure(promise: Promise<unknown>): Promise<{ code?: string; appCode?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = error.data as { code?: string; appCode?: string } | undefined;
      return { code: data?.code, appCode: data?.appCode, message: error.message };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** The reply job's use case as the worker runs it, with `llm` (a job's payload as `input`) and no voice. */
export function runReplyJob(api: Api, filesDir: string, input: Parameters<typeof answerFanMessage>[1], llm: LlmPort) {
  const deps = { db: api.database.db, llm, tts: createUnconfiguredTts(), storage: createLocalDiskStorage(filesDir) };
  return answerFanMessage(deps, input);
}

/** The reply job's use case as the worker runs it, here with the offline model and no voice. */
export function runOfflineReply(api: Api, filesDir: string, input: { chatId: string; messageId: string }) {
  return runReplyJob(api, filesDir, input, createOfflineLlm());
}

/** A fan signed in as `email`, holding the given credits, and their open chat with the twin. */
export async function signedInFan(api: Api, email: string, talentTag: string, balance: { credits: number; paidCredits: number }) {
  const fan = await signIn(api, email);
  const userId = await userIdOf(api, email);
  await setBalance(api, userId, balance.credits, balance.paidCredits);
  const { chat } = await fan.client.chat.open.mutate({ talentTag });
  return { fan, userId, chatId: chat.id };
}
