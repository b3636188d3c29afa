import { chats, type Executor, type InitialChatMessage, recordChanges, talentConfigs, talents, users } from '@doppel/db';
import type { ChatOpenOutput } from '@doppel/validation';
import { and, eq, sql } from 'drizzle-orm';
import { isAdmin, managesTalent, type Viewer } from '../../access/scopes.ts';
import { DomainError } from '../../errors.ts';
import { activeSubscriptionUntil } from '../../payments/subscriptions.ts';
import { fanTimeZone } from '../../reach-out/rules.ts';
import { assertTwinVisibleTo } from '../../reports/hidden-twins.ts';
import { needsAgeConfirmation } from '../age-gate/age-rules.ts';
import { staticMediaUrl, toAttachmentView } from '../messages/view.ts';
import { chatChanged } from '../scopes.ts';
import { isTestChat, pricesFor } from '../test-chat.ts';

function welcomeMessagesOf(talentId: string, messages: InitialChatMessage[], viewer: Viewer, prices: WelcomePrices) {
  const seesOriginals = managesTalent(viewer, talentId) || isAdmin(viewer);
  return messages.map((message) => ({
    id: message.id,
    text: message.text,
    attachments: (message.attachments ?? []).map((attachment, index) =>
      toAttachmentView(attachment, `${message.id}.${index}`, staticMediaUrl(talentId, message.id, index), {
        ...prices,
        hasUnlockedImage: true,
        seesOriginals,
      }),
    ),
  }));
}

type WelcomePrices = { creditsToUnlockImage: number; creditsToUnlockAudio: number; creditsToUnlockFirstImage: number | null };

/**
 * Finds or creates the user's chat with the talent named by its tag (one chat per fan and
 * talent; a concurrent first open finds the row the other one made) and returns what the fan
 * screen needs: the twin, its welcome messages and starters, and the fan's balance. Welcome
 * messages are shown above the conversation, not copied into it.
 */
export async function openChat(
  db: Executor,
  viewer: Viewer,
  input: { talentTag: string; timeZone?: string | undefined },
): Promise<ChatOpenOutput> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const [talent] = await db.select().from(talents).where(sql`lower(${talents.tag}) = lower(${input.talentTag})`).limit(1);
  if (!talent?.tag) throw new DomainError('NOT_FOUND', 'There is no twin with this name.');
  assertTwinVisibleTo(viewer, talent);
  const [created] = await db
    .insert(chats)
    .values({ talentId: talent.id, userId: viewer.id })
    .onConflictDoNothing({ target: [chats.userId, chats.talentId] })
    .returning({ id: chats.id });
  let chatId = created?.id;
  if (created) {
    await recordChanges(db, [chatChanged({ id: created.id, userId: viewer.id, talentId: talent.id })]);
  } else {
    const [existing] = await db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.userId, viewer.id), eq(chats.talentId, talent.id)))
      .limit(1);
    chatId = existing?.id;
  }
  if (!chatId) throw new DomainError('CONFLICT', 'Could not open the chat, please try again.');
  const [[fan], subscribedUntil, [config]] = await Promise.all([
    db
      .select({
        credits: users.credits,
        paidCredits: users.paidCredits,
        isAnonymous: users.isAnonymous,
        adultConfirmedAt: users.adultConfirmedAt,
        declaredMinorAt: users.declaredMinorAt,
        timeZone: users.timeZone,
      })
      .from(users)
      .where(eq(users.id, viewer.id)),
    activeSubscriptionUntil(db, { userId: viewer.id, talentId: talent.id }),
    db.select({ contentLevel: talentConfigs.contentLevel }).from(talentConfigs).where(eq(talentConfigs.id, talent.id)),
  ]);
  if (!fan) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  // The fan's clock for the twin's quiet hours (docs/reach-out.md): written only when it changed, and
  // only a zone the runtime knows.
  if (input.timeZone && input.timeZone !== fan.timeZone && fanTimeZone(input.timeZone) === input.timeZone) {
    await db.update(users).set({ timeZone: input.timeZone }).where(eq(users.id, viewer.id));
  }
  // The creator's own "Chat with your AI" is a free test chat: the messenger shows no prices.
  const testChat = isTestChat(viewer, { userId: viewer.id, talentId: talent.id });
  const prices = pricesFor(talent, testChat);
  return {
    chat: { id: chatId, talentId: talent.id },
    talent: {
      id: talent.id,
      name: talent.name,
      tag: talent.tag,
      profilePictureUrl: talent.profilePictureUrl,
      creditsToSendMessage: prices.creditsToSendMessage,
      creditsToUnlockImage: prices.creditsToUnlockImage,
      creditsToUnlockAudio: prices.creditsToUnlockAudio,
      creditsToUnlockFirstImage: prices.creditsToUnlockFirstImage,
    },
    welcomeMessages: welcomeMessagesOf(talent.id, talent.initialChatMessages, viewer, talent),
    starters: talent.chatMessageSuggestions.map((suggestion) => ({ id: suggestion.id, text: suggestion.text })),
    balance: { credits: fan.credits, paidCredits: fan.paidCredits },
    isAnonymous: fan.isAnonymous,
    isTestChat: testChat,
    offersSubscription: talent.subscriptionProductId !== null,
    subscribedUntil: subscribedUntil?.toISOString() ?? null,
    // The creator's own test chat is never gated: they are the twin's owner, not a fan.
    ageConfirmationRequired: !testChat && needsAgeConfirmation(config?.contentLevel ?? 'SAFE', fan),
  };
}
