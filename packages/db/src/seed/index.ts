// Demo data for `npm start`: every screen of docs/product-rules.md has content. Idempotent: it runs in one
// transaction and does nothing when the demo admin already exists.
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../client.ts';
import { openTalentLedger } from '../ledger-opening.ts';
import {
  appConfigs,
  apps,
  chatMessages,
  chatPrompts,
  chats,
  metricFrames,
  newId,
  staticAttachments,
  talentConfigs,
  talentDrafts,
  talentManagers,
  talents,
  users,
  voices,
} from '../schema/index.ts';
import { seedOperations } from './business.ts';
import { buildChat, type ChatMessageRow, type ChatPromptRow, type ChatRow, demoChats } from './chats.ts';
import {
  chatPromptTemplate,
  chatPromptTemplateForFaq,
  demoVoices,
  emptyChatMessageText,
  functionSchemaConfig,
  talentChatPromptTemplate,
  voiceSamplePath,
} from './content.ts';
import { bookDemoPaymentEarnings } from './payment-earnings.ts';
import { demoAdminEmail, demoPeople } from './people.ts';
import {
  demoProfilePictureUrl,
  galleryPath,
  galleryRows,
  leoConfig,
  leoGallery,
  leoTalent,
  leoWelcomeText,
  miaConfig,
  miaGallery,
  miaTalent,
  miaWelcomeText,
} from './talents.ts';

export { type DemoAccount, demoAccounts } from './people.ts';

export type SeedOptions = { now?: Date };

const dayMs = 86_400_000;
/** Serialises concurrent seeds (two processes starting at once) on one advisory lock. */
const seedLockKey = 7_301_446_551;

/** Inserts the demo data unless the demo admin exists; returns whether it seeded. */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demoAdminEmail)).limit(1);
    if (existing) return { seeded: false };
    await insertDemoData(tx, now);
    return { seeded: true };
  });
}

function voiceByName(name: string) {
  const voice = demoVoices.find((entry) => entry.name === name);
  if (!voice) throw new Error(`Unknown demo voice ${name}`);
  return voice;
}

/** Renders `{{placeholders}}` the way the reply engine does, for the recorded demo prompts. */
function render(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '').trim();
}

async function insertDemoData(tx: Transaction, now: Date): Promise<void> {
  const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * dayMs - minutes * 60_000);

  // People.
  const userIds = new Map(demoPeople.map((person) => [person.key, newId()]));
  const userId = (key: string) => {
    const id = userIds.get(key);
    if (!id) throw new Error(`Unknown demo person ${key}`);
    return id;
  };
  await tx.insert(users).values(
    demoPeople.map((person) => ({
      id: userId(person.key),
      name: person.name,
      email: person.email,
      isAnonymous: person.email === null,
      role: person.role ?? 'USER',
      credits: person.credits ?? 0,
      paidCredits: person.paidCredits ?? 0,
      waitlistStatus: person.waitlistStatus ?? null,
      waitlistPlatform: person.waitlistPlatform ?? null,
      instagram: person.instagram ?? null,
      tiktok: person.tiktok ?? null,
      x: person.x ?? null,
      testGroupRecord: person.testGroupRecord ?? {},
      lastActiveAt: person.lastActiveDaysAgo === undefined ? null : ago(person.lastActiveDaysAgo, 30),
      createdAt: ago(person.createdDaysAgo),
    })),
  );

  // Voice catalogue and app settings.
  await tx
    .insert(voices)
    .values(
      demoVoices.map((voice, position) => ({ ...voice, sampleFilePath: voiceSamplePath(voice), position, createdAt: ago(120) })),
    );
  await tx.insert(apps).values({ id: 'default', emptyChatMessageText });

  // Talents.
  const miaId = newId();
  const leoId = newId();
  const noraDraftId = newId();
  const miaCreatedAt = ago(100);
  const leoCreatedAt = ago(45);
  const subscriptionProductId = newId();
  await tx.insert(talents).values([miaTalent(miaId, subscriptionProductId, miaCreatedAt), leoTalent(leoId, leoCreatedAt)]);
  await tx.insert(talentManagers).values([
    { userId: userId('creator'), talentId: miaId, createdAt: miaCreatedAt },
    { userId: userId('admin'), talentId: miaId, createdAt: ago(99) },
    { userId: userId('leo'), talentId: leoId, createdAt: leoCreatedAt },
  ]);
  // Both demo creators confirmed consent when they finished onboarding (docs/safety.md).
  await tx
    .update(talents)
    .set({ consentConfirmedAt: miaCreatedAt, consentConfirmedByUserId: userId('creator') })
    .where(eq(talents.id, miaId));
  await tx
    .update(talents)
    .set({ consentConfirmedAt: leoCreatedAt, consentConfirmedByUserId: userId('leo') })
    .where(eq(talents.id, leoId));
  await tx.insert(talentDrafts).values([
    {
      userId: userId('creator'),
      name: 'Mia Moreno',
      profilePictureUrl: demoProfilePictureUrl(miaId),
      tag: 'mia',
      gender: 'FEMALE',
      age: 27,
      purpose: 'BANTER',
      personalityTraits: ['SWEET', 'FUNNY', 'CASUAL'],
      interests: ['TRAVELING', 'PHOTOGRAPHY', 'YOGA', 'COOKING', 'SURFING'],
      initialChatMessageText: miaWelcomeText,
      talentId: miaId,
      completedAt: miaCreatedAt,
      createdAt: ago(101),
    },
    {
      userId: userId('leo'),
      name: 'Leo Park',
      profilePictureUrl: demoProfilePictureUrl(leoId),
      tag: 'leo',
      gender: 'MALE',
      age: 31,
      purpose: 'EDUCATE',
      personalityTraits: ['CASUAL', 'ATTITUDE'],
      interests: ['GYM', 'HIKING', 'HIP_HOP', 'VIDEO_GAMES'],
      initialChatMessageText: leoWelcomeText,
      referralTalentId: miaId,
      talentId: leoId,
      completedAt: leoCreatedAt,
      createdAt: ago(46),
    },
    // Accepted but still onboarding: the next step is gender and age.
    {
      id: noraDraftId,
      userId: userId('onboarding'),
      name: 'Nora Quinn',
      profilePictureUrl: demoProfilePictureUrl(noraDraftId),
      tag: 'noraquinn',
      createdAt: ago(1),
    },
  ]);
  await tx
    .insert(staticAttachments)
    .values([...galleryRows(miaId, miaGallery, ago(98)), ...galleryRows(leoId, leoGallery, ago(44))]);

  // Products, payments, payouts, earnings, FAQs, models, broadcasts, Discover and invitations.
  const operations = await seedOperations(tx, { now, ago, userId, miaId, leoId, leoCreatedAt, subscriptionProductId });

  // Chats, messages and prompts.
  const talentInfo = {
    mia: { id: miaId, welcome: miaWelcomeText, gallery: miaGallery, managers: ['creator', 'admin'], subscribers: ['fan1'] },
    leo: { id: leoId, welcome: leoWelcomeText, gallery: leoGallery, managers: ['leo'], subscribers: [] as string[] },
  };
  const persona = {
    mia: {
      name: 'Mia Moreno',
      age: '27',
      purpose: 'BANTER',
      personalityTraits: 'sweet, funny, casual',
      interests: 'traveling, photography, yoga, cooking, surfing',
    },
    leo: {
      name: 'Leo Park',
      age: '31',
      purpose: 'EDUCATE',
      personalityTraits: 'casual, attitude',
      interests: 'gym, hiking, hip hop, video games',
    },
  };
  const chatRows: ChatRow[] = [];
  const messageRows: ChatMessageRow[] = [];
  const promptRows: ChatPromptRow[] = [];
  const chatIdByKey = new Map<string, string>();
  for (const script of demoChats) {
    const talent = talentInfo[script.talent];
    const person = demoPeople.find((entry) => entry.key === script.fan);
    if (!person) throw new Error(`Unknown demo fan ${script.fan}`);
    const chatId = newId();
    chatIdByKey.set(`${script.fan}:${script.talent}`, chatId);
    const isManager = talent.managers.includes(script.fan);
    const values = {
      ...persona[script.talent],
      facts: script.talent === 'mia' ? '- Lives in Lisbon\n- Has a cat called Churro' : '- Personal trainer in Seoul and LA',
      imageFunctionName: functionSchemaConfig.generateImageAttachment.name,
      audioFunctionName: functionSchemaConfig.generateAudioAttachment.name,
      chatExamples: 'Fan: hey\nYou: Heyy! How’s your day going?',
      customChatPrompt: '',
      faqItems: 'Q: How do credits work?\nA: Each message costs credits; free credits are spent first.',
    };
    const template = isManager
      ? talentChatPromptTemplate
      : script.turns.some((turn) => turn.faqItem)
        ? chatPromptTemplateForFaq
        : chatPromptTemplate;
    const startedAt = ago(script.startedDaysAgo, 18 * 60);
    const built = buildChat({
      script,
      chatId,
      talentId: talent.id,
      userId: userId(script.fan),
      startedAt,
      welcomeText: talent.welcome,
      systemPrompt: render(template, values),
      llmFineTunedModelId: script.talent === 'mia' ? operations.miaFineTunedModelId : null,
      llmTemperature: script.talent === 'mia' ? 0.9 : 1,
      gallery: talent.gallery.map((image) => ({ ...image, filePath: galleryPath(talent.id, image) })),
      functionConfig: functionSchemaConfig,
      audioPath: (messageId) => `talents/${talent.id}/voice-notes/${messageId}.wav`,
    });
    const interacted = script.turns.length > 0;
    chatRows.push({
      id: chatId,
      talentId: talent.id,
      userId: userId(script.fan),
      chatMessageCount: built.messages.length,
      hasUserInteraction: interacted,
      hasUserInteractionWithNonAnonymousUser: interacted && person.email !== null,
      hasUserInteractionWithPaidCredits: interacted && (person.paidCredits ?? 0) > 0,
      hasUserInteractionWithSubscription: interacted && talent.subscribers.includes(script.fan),
      hasUserInteractionWithManager: interacted && isManager,
      createdAt: startedAt,
      updatedAt: built.lastAt,
    });
    messageRows.push(...built.messages);
    promptRows.push(...built.prompts);
  }

  // The completed broadcast landed in three of Mia's chats.
  for (const fan of operations.completedBroadcast.fans) {
    const chat = chatRows.find((row) => row.id === chatIdByKey.get(`${fan}:mia`));
    if (!chat) throw new Error(`No demo chat of ${fan} with Mia`);
    messageRows.push({
      id: newId(),
      chatId: chat.id as string,
      senderType: 'TALENT',
      text: operations.completedBroadcast.message,
      broadcastId: operations.completedBroadcast.id,
      createdAt: operations.completedBroadcast.sentAt,
    });
    chat.chatMessageCount = (chat.chatMessageCount ?? 0) + 1;
    if (!chat.updatedAt || chat.updatedAt < operations.completedBroadcast.sentAt)
      chat.updatedAt = operations.completedBroadcast.sentAt;
  }
  // Each chat's latest fan message: the broadcast audience is read from it.
  const chatById = new Map(chatRows.map((row) => [row.id, row]));
  for (const message of messageRows) {
    const chat = chatById.get(message.chatId);
    if (message.senderType !== 'USER' || !chat || !message.createdAt) continue;
    if (!chat.lastUserMessageAt || chat.lastUserMessageAt < message.createdAt) chat.lastUserMessageAt = message.createdAt;
  }
  await tx.insert(chats).values(chatRows);
  await tx.insert(chatMessages).values(messageRows);
  await tx.insert(chatPrompts).values(promptRows);

  // Talent configs and metrics, consistent with the chats and payouts above.
  const chatsOf = (talentId: string) => chatRows.filter((row) => row.talentId === talentId);
  await tx.insert(talentConfigs).values([
    miaConfig({
      id: miaId,
      voice: voiceByName('Rachel'),
      faqId: operations.miaFaqId,
      llmFineTunedModelId: operations.miaFineTunedModelId,
      chatCount: chatsOf(miaId).length,
      totalPayoutAmount: operations.totalPayoutAmount.mia,
      createdAt: miaCreatedAt,
    }),
    leoConfig({
      id: leoId,
      voice: voiceByName('Adam'),
      referralTalentId: miaId,
      chatCount: chatsOf(leoId).length,
      totalPayoutAmount: operations.totalPayoutAmount.leo,
      createdAt: leoCreatedAt,
    }),
  ]);
  await tx.insert(metricFrames).values(
    [miaId, leoId].map((talentId) => ({
      talentId,
      chatWithAuthenticationCount: chatsOf(talentId).filter((row) => row.hasUserInteractionWithNonAnonymousUser).length,
      chatWithPaymentCount: chatsOf(talentId).filter((row) => row.hasUserInteractionWithPaidCredits).length,
    })),
  );
  // The talent ledger under the frames and payouts written above, then the payments' own earnings
  // on top of it, booked as a real payment books them.
  await openTalentLedger(tx);
  await bookDemoPaymentEarnings(tx);

  await tx.insert(appConfigs).values({
    id: 'default',
    chatPromptTemplate,
    chatPromptTemplateForFaq,
    talentChatPromptTemplate,
    referralRevenueSharePpm: 30_000,
    llmFunctionTemperature: 0.2,
    functionSchemaConfig,
    minVersion: { talent: '0.1.0' },
    fineTuningModelId: operations.fineTuningModelId,
    isModelHealthyRecord: {
      'gpt-3.5-turbo': true,
      'gpt-4o-mini': true,
      [operations.miaFineTunedModelId]: true,
      'text-embedding-3-small': true,
      eleven_monolingual_v1: false,
    },
  });
}
