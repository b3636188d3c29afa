import { getAudience, getTalentSettings, updateTalent } from '@doppel/domain/talent';
import { audienceInput, audienceOutput, talentSettingsOutput, updateTalentSettingsInput } from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';
import { talentConsentRouter } from './reports.ts';
import { talentBoundariesRouter, talentBoundaryFlagsRouter } from './talent-boundaries.ts';
import { talentChatTokensRouter } from './talent-chat-tokens.ts';
import { talentConversationsRouter } from './talent-conversations.ts';
import { talentDashboardRouter } from './talent-dashboard.ts';
import { talentEarningsRouter } from './talent-earnings.ts';
import { talentEmbedRouter } from './talent-embed.ts';
import { talentFanMemoriesRouter } from './talent-fan-memories.ts';
import { talentGalleryRouter } from './talent-gallery.ts';
import { talentKnowledgeRouter } from './talent-knowledge.ts';
import { talentKnowledgeGapsRouter } from './talent-knowledge-gaps.ts';
import { talentQualityRouter } from './talent-quality.ts';
import { talentReachOutRouter } from './talent-reach-out.ts';
import { talentCorrectionsRouter, talentReplyApprovalRouter, talentReplyDraftsRouter } from './talent-reply-approval.ts';
import { talentTelegramRouter } from './talent-telegram.ts';
import { talentVoiceRouter } from './talent-voice.ts';

// The creator's dashboard: every procedure a twin's managers call, as the back office's are under
// admin.*. Each checks that the caller manages the twin it names (talentProcedure), except
// chatAuth.signIn, which the browser that opens a "Chat with your AI" link calls signed out.
export const talentRouter = router({
  /** The twin and its config as the settings screens need them. */
  get: talentProcedure
    .output(talentSettingsOutput)
    .query(({ ctx }) => getTalentSettings(ctx.db, ctx.talentId, ctx.env.PUBLIC_URL)),

  /** docs/product-rules.md#calls "Update talent settings": any subset of the fields; answers the saved settings. */
  update: talentProcedure
    .input(updateTalentSettingsInput)
    .output(talentSettingsOutput)
    .mutation(async ({ ctx, input }) => {
      const { talentId: _talentId, ...fields } = input;
      return ctx.write(async (tx) => {
        await updateTalent(tx, ctx.storage, ctx.images, ctx.talentId, { by: 'creator', changes: fields });
        return getTalentSettings(tx, ctx.talentId, ctx.env.PUBLIC_URL);
      });
    }),

  /** The home screen's summary (talent-dashboard.ts). */
  dashboard: talentDashboardRouter,
  embed: talentEmbedRouter,

  /** Months, days, payouts, the withdrawal and the statements CSV (talent-earnings.ts). */
  earnings: talentEarningsRouter,

  /** The images the twin can send (talent-gallery.ts). */
  gallery: talentGalleryRouter,

  /** The twin's voice from the catalogue (talent-voice.ts). */
  voice: talentVoiceRouter,

  /** "Chat with your AI": the single-use link that signs a manager in to their twin's messenger (talent-chat-tokens.ts). */
  chatAuth: talentChatTokensRouter,

  /** What the twin remembers about each of its fans (talent-fan-memories.ts). */
  fanMemories: talentFanMemoriesRouter,

  /** Topics the twin never engages with and its content level (talent-boundaries.ts). */
  boundaries: talentBoundariesRouter,
  /** The twin writing to fans on events: triggers and their counts (talent-reach-out.ts). */
  reachOut: talentReachOutRouter,
  telegram: talentTelegramRouter,
  /** The consent confirmation for the twin's name, face and voice (reports.ts). */
  consent: talentConsentRouter,

  /** The fan messages that crossed them, newest first. */
  boundaryFlags: talentBoundaryFlagsRouter,

  /** The twin's chats with filters and search, and one chat in full (talent-conversations.ts). */
  conversations: talentConversationsRouter,

  /** What the twin knows from its creator's files, texts and web pages (talent-knowledge.ts). */
  knowledge: talentKnowledgeRouter,

  /** Fan questions the FAQ did not cover, grouped; answering one adds it to the FAQ (talent-knowledge-gaps.ts). */
  knowledgeGaps: talentKnowledgeGapsRouter,
  /** Approval mode: the twin's replies held for the creator, and the corrections that train the twin. */
  replyApproval: talentReplyApprovalRouter,
  replyDrafts: talentReplyDraftsRouter,
  corrections: talentCorrectionsRouter,
  /** The Twin quality card: score, trend, weakest answers and Correct (talent-quality.ts). */
  quality: talentQualityRouter,

  /** Who the twin's fans are over a period: counts per bucket, top spenders, conversion (domain talent/audience.ts). */
  audience: router({
    get: talentProcedure
      .input(audienceInput)
      .output(audienceOutput)
      .query(({ ctx, input }) => getAudience(ctx.db, ctx.talentId, input.period)),
  }),
});
