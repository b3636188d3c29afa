// What "Download my data" holds (docs/safety.md, Data rights): everything kept about the person,
// as JSON documents, plus the files they uploaded. A fan gets their account, chats with every
// message, what twins remember about them and their purchases; a creator also gets, per twin they
// manage, its settings, its knowledge (facts, FAQ, examples), its earnings and payouts, and its files.
import {
  chatMessages,
  chats,
  type Executor,
  earningFrames,
  fanMemories,
  faqItems,
  payments,
  payouts,
  staticAttachments,
  subscriptions,
  talentConfigs,
  talentLedger,
  talentManagers,
  talents,
  users,
} from '@doppel/db';
import { asc, eq, inArray } from 'drizzle-orm';

export type ExportContent = {
  /** ZIP entry name → JSON value. */
  documents: Record<string, unknown>;
  /** ZIP entry name → storage path of a file to copy in. */
  files: Record<string, string>;
};

export async function gatherExportContent(db: Executor, userId: string): Promise<ExportContent> {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      credits: users.credits,
      paidCredits: users.paidCredits,
      waitlistStatus: users.waitlistStatus,
      instagram: users.instagram,
      tiktok: users.tiktok,
      x: users.x,
      declaredMinorAt: users.declaredMinorAt,
      lastActiveAt: users.lastActiveAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const documents: Record<string, unknown> = { 'account.json': account ?? null };

  const fanChats = await db
    .select({ id: chats.id, talentId: chats.talentId, twinName: talents.name, createdAt: chats.createdAt })
    .from(chats)
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .where(eq(chats.userId, userId))
    .orderBy(asc(chats.createdAt));
  const messages = fanChats.length
    ? await db
        .select({
          id: chatMessages.id,
          chatId: chatMessages.chatId,
          from: chatMessages.senderType,
          text: chatMessages.text,
          attachments: chatMessages.attachments,
          reaction: chatMessages.reaction,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.chatId,
            fanChats.map((chat) => chat.id),
          ),
        )
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    : [];
  documents['chats.json'] = fanChats.map((chat) => ({
    ...chat,
    messages: messages
      .filter((message) => message.chatId === chat.id)
      .map(({ chatId: _chatId, attachments, ...message }) => ({
        ...message,
        // What was sent, not where the server keeps it.
        attachments: attachments.map((attachment) => ({ type: attachment.type })),
      })),
  }));
  documents['memories.json'] = await db
    .select({ twinId: fanMemories.talentId, kind: fanMemories.kind, text: fanMemories.text, createdAt: fanMemories.createdAt })
    .from(fanMemories)
    .where(eq(fanMemories.userId, userId))
    .orderBy(asc(fanMemories.createdAt));
  documents['purchases.json'] = {
    payments: await db
      .select({
        id: payments.id,
        type: payments.productPriceType,
        amount: payments.priceAmount,
        fractionDigits: payments.priceFractionDigits,
        currency: payments.priceCurrency,
        twinId: payments.talentId,
        isSandbox: payments.isSandbox,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt)),
    subscriptions: await db
      .select({
        id: subscriptions.id,
        twinId: subscriptions.talentId,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
  };

  const files: Record<string, string> = {};
  const managed = await db
    .select({ talentId: talentManagers.talentId })
    .from(talentManagers)
    .where(eq(talentManagers.userId, userId));
  for (const { talentId } of managed) {
    const twin = await gatherTwin(db, talentId);
    documents[`twins/${talentId}/settings.json`] = twin.settings;
    documents[`twins/${talentId}/knowledge.json`] = twin.knowledge;
    documents[`twins/${talentId}/earnings.json`] = twin.earnings;
    documents[`twins/${talentId}/payouts.json`] = twin.payouts;
    for (const [name, path] of Object.entries(twin.files)) files[`twins/${talentId}/files/${name}`] = path;
  }
  return { documents, files };
}

async function gatherTwin(db: Executor, talentId: string) {
  const [talent] = await db.select().from(talents).where(eq(talents.id, talentId));
  const [config] = await db.select().from(talentConfigs).where(eq(talentConfigs.id, talentId));
  const faq = config?.faqId
    ? await db
        .select({ question: faqItems.question, answer: faqItems.answer })
        .from(faqItems)
        .where(eq(faqItems.faqId, config.faqId))
        .orderBy(asc(faqItems.position))
    : [];
  const gallery = await db.select().from(staticAttachments).where(eq(staticAttachments.talentId, talentId));
  const files: Record<string, string> = {};
  if (talent?.profilePictureUrl && !talent.profilePictureUrl.startsWith('http')) {
    const path = talent.profilePictureUrl.replace(/^\/files\//, '');
    files[`profile-picture.${path.split('.').pop()}`] = path;
  }
  for (const image of gallery) files[`gallery/${image.id}.${image.filePath.split('.').pop()}`] = image.filePath;
  return {
    settings: {
      twin: talent ?? null,
      config: config
        ? {
            voice: config.voice,
            purpose: config.purpose,
            personalityTraits: config.personalityTraits,
            interests: config.interests,
            blockedTopics: config.blockedTopics,
            contentLevel: config.contentLevel,
            replyApproval: config.replyApproval,
            revenueSharePpm: config.revenueSharePpm,
            payoutDetails: {
              accountHolderName: config.accountHolderName,
              iban: config.iban,
              bic: config.bic,
              taxId: config.taxId,
              payPalEmail: config.payPalEmail,
            },
          }
        : null,
      gallery: gallery.map((image) => ({ id: image.id, context: image.context, createdAt: image.createdAt })),
    },
    knowledge: {
      facts: config?.facts ?? [],
      faq,
      chatExamples: config?.chatExamples ?? [],
      chatPrompt: config?.chatPrompt ?? '',
    },
    earnings: {
      days: await db
        .select()
        .from(earningFrames)
        .where(eq(earningFrames.talentId, talentId))
        .orderBy(asc(earningFrames.startedAt), asc(earningFrames.range)),
      ledger: await db
        .select()
        .from(talentLedger)
        .where(eq(talentLedger.talentId, talentId))
        .orderBy(asc(talentLedger.occurredAt), asc(talentLedger.id)),
    },
    payouts: await db.select().from(payouts).where(eq(payouts.talentId, talentId)).orderBy(asc(payouts.createdAt)),
    files,
  };
}
