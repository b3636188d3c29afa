// One moderation call per fan message, with OpenAI configured: the send's crisis check asks the
// moderation endpoint about the message (docs/safety.md), the verdict rides in the chat.reply job's
// payload, and the reply job uses it instead of asking about the same text again. Through the real
// API and tRPC client, the real `openai` SDK against the local fake, and the reply job's use case
// run with the job's payload, as the worker runs it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoData } from '@doppel/db';
import { createOpenAiLlm } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import type { JobPayload } from '@doppel/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf, createTalent, replyJobsOf, runReplyJob, signedInFan } from './chat-fixtures.ts';
import { type Api, seedPeople, startApi } from './harness.ts';

let api: Api;
let openai: FakeOpenAi;
let filesDir: string;
let twin: Awaited<ReturnType<typeof createTalent>>;
let fanCount = 0;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-send-moderation-'));
  api = await startApi({ env: { FILES_DIR: filesDir, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: openai.url } });
  // The reply's prompt templates live in the app config the demo data seeds.
  await seedDemoData(api.database.db);
  const people = await seedPeople(api);
  twin = await createTalent(api, { managerIds: [people.creatorA.id] });
});
afterAll(async () => {
  await api?.close();
  await openai?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});
beforeEach(() => openai.reset());

/** A signed-in fan of the twin holding 5 paid credits sends `text`; the send and its reply job. */
async function fanSends(text: string) {
  fanCount += 1;
  const { fan, userId, chatId } = await signedInFan(api, `moderated-fan-${fanCount}@test.dev`, twin.tag, {
    credits: 0,
    paidCredits: 5,
  });
  const sent = await fan.client.chat.send.mutate({ chatId, text, idempotencyKey: randomUUID() });
  const [job] = await replyJobsOf(api, chatId);
  return { userId, chatId, sent, job };
}

/** The reply job's use case with the job's payload, as the worker's chat.reply handler passes it. */
function runReply(job: JobPayload<'chat.reply'> | undefined) {
  if (!job) throw new Error('the send queued no reply job');
  return runReplyJob(api, filesDir, job, createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url }));
}

describe('the moderation endpoint, asked once per fan message', () => {
  it('is asked by the send; the reply job reuses its verdict and asks only about the reply', async () => {
    openai.script({ text: 'Sunny and slow, thanks for asking!' });
    const { sent, job } = await fanSends('How was your day?');
    expect(openai.moderationInputs()).toEqual(['How was your day?']);
    expect(job).toMatchObject({ messageId: sent.message.id, moderation: { flagged: false, categories: [] } });

    expect(await runReply(job)).toMatchObject({ status: 'answered' });
    expect(openai.moderationInputs()).toEqual(['How was your day?', 'Sunny and slow, thanks for asking!']);
  });

  it('refuses, from the send’s verdict, a message it flagged, before the model is called, and refunds it', async () => {
    openai.moderate((text) => (/hurt someone/i.test(text) ? ['violence'] : []));
    const { userId, sent, job } = await fanSends('How would you hurt someone?');
    // Violence is no crisis: the send charges the message and queues the twin's reply as usual.
    expect(sent.reply).toBeUndefined();
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 4 });
    expect(job?.moderation).toEqual({ flagged: true, categories: ['violence'] });

    expect(await runReply(job)).toMatchObject({ status: 'refused', side: 'FAN', reason: 'MODERATION' });
    expect(openai.chatRequests()).toEqual([]);
    expect(openai.moderationInputs(), 'the job did not ask again').toEqual(['How would you hurt someone?']);
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
  });

  it('answers a message it flags for self-harm at once with the safety reply, queueing no twin reply', async () => {
    openai.moderate((text) => (/grey and done/i.test(text) ? ['self-harm', 'self-harm/intent'] : []));
    const { userId, sent, job } = await fanSends('everything is grey and done, I have a plan for tonight');
    expect(sent.reply?.safetyReply).toBe(true);
    expect(job).toBeUndefined();
    expect(await balanceOf(api, userId)).toEqual({ credits: 0, paidCredits: 5 });
    expect(openai.moderationInputs()).toEqual(['everything is grey and done, I have a plan for tonight']);
  });
});
