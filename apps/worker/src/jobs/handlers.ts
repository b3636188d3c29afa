import type { JobName } from '@doppel/jobs';
import { runAccountExport } from './account-export.ts';
import { runAccountExportsExpire } from './account-exports-expire.ts';
import { runBroadcastsPrepare } from './broadcasts-prepare.ts';
import { runBroadcastsPush } from './broadcasts-push.ts';
import { runBroadcastsSend } from './broadcasts-send.ts';
import { runChatDraftsExpire } from './chat-drafts-expire.ts';
import { runChatHeldReplyPush } from './chat-held-reply-push.ts';
import { runChatReachOut } from './chat-reach-out.ts';
import { runChatReachOutPush } from './chat-reach-out-push.ts';
import { runChatRemember } from './chat-remember.ts';
import { runChatReply } from './chat-reply.ts';
import { runInsightsRollup } from './insights-rollup.ts';
import { runKnowledgeIngest } from './knowledge-ingest.ts';
import { runModelsFineTune } from './models-fine-tune.ts';
import { runModelsHealth } from './models-health.ts';
import { runPayPalPoll } from './payouts-paypal-poll.ts';
import { runPayoutsSettle } from './payouts-settle.ts';
import { runQualityRun } from './quality-run.ts';
import { runQualityChanged, runQualityNightly } from './quality-schedule.ts';
import { runSessionCleanup } from './session-cleanup.ts';
import { runSystemPing } from './system-ping.ts';
import { runTelegramForward } from './telegram-forward.ts';
import { runTelegramUpdate } from './telegram-update.ts';
import type { JobHandler } from './types.ts';

/**
 * The handler of each catalog job. A catalog job may briefly have none (declared in @doppel/jobs
 * before its handler lands): the worker then creates its queue but does not work it, and warns,
 * so its jobs wait instead of burning retries into the dead-letter queue. handlers.test.ts lists
 * the jobs still waiting for a handler.
 */
export const jobHandlers: { [Name in JobName]?: JobHandler<Name> } = {
  'account.export': runAccountExport,
  'account.exports-expire': runAccountExportsExpire,
  'broadcasts.prepare': runBroadcastsPrepare,
  'broadcasts.push': runBroadcastsPush,
  'broadcasts.send': runBroadcastsSend,
  'chat.drafts-expire': runChatDraftsExpire,
  'chat.held-reply-push': runChatHeldReplyPush,
  'chat.remember': runChatRemember,
  'chat.reply': runChatReply,
  'knowledge.ingest': runKnowledgeIngest,
  'models.fine-tune': runModelsFineTune,
  'models.health': runModelsHealth,
  'payouts.paypal-poll': runPayPalPoll,
  'payouts.settle': runPayoutsSettle,
  'quality.changed': runQualityChanged,
  'quality.nightly': runQualityNightly,
  'quality.run': runQualityRun,
  'chat.reach-out': runChatReachOut,
  'chat.reach-out-push': runChatReachOutPush,
  'session.cleanup': runSessionCleanup,
  'insights.rollup': runInsightsRollup,
  'system.ping': runSystemPing,
  'telegram.forward': runTelegramForward,
  'telegram.update': runTelegramUpdate,
};
