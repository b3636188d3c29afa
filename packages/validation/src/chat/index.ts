// The fan messenger's API (chat.* and talent.chatAuth.signIn): inputs as the browser sends them, outputs as
// the server answers. Shared by both sides, so a form and the server validate alike.
import { z } from 'zod';
import { meOutput } from '../auth/index.ts';
import { singleLineText } from '../common/single-line.ts';
import { attachmentTypes, chatCallsToAction, chatNoticeKinds, reactions, senderTypes } from '../enums.ts';
import { chatMessageMaxLength, chatReactionFeedbackMaxLength } from './limits.ts';

const id = (label: string) => singleLineText().min(1, `${label} is not defined`).max(100);

export const creditBalanceOutput = z.object({ credits: z.number().int(), paidCredits: z.number().int() });
export type CreditBalanceView = z.infer<typeof creditBalanceOutput>;

/**
 * An attachment as the fan sees it. `id` is its position in the message. `url` points at the
 * access-checked media route: the locked (blurred) copy of a locked image, the original once
 * unlocked, and null for a locked voice note. `price` is what unlocking costs this fan now (0 once
 * unlocked).
 */
export const chatAttachmentOutput = z.object({
  id: z.string(),
  type: z.enum(attachmentTypes),
  isUnlocked: z.boolean(),
  url: z.string().nullable(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  price: z.number().int(),
});
export type ChatAttachmentView = z.infer<typeof chatAttachmentOutput>;

export const chatMessageOutput = z.object({
  id: z.string(),
  senderType: z.enum(senderTypes),
  text: z.string(),
  /** ISO 8601 (the API has no transformer: dates travel as strings). */
  createdAt: z.iso.datetime(),
  attachments: z.array(chatAttachmentOutput),
  reaction: z.enum(reactions).nullable(),
  reactionFeedback: z.string().nullable(),
  /** On the twin's out-of-credits answer: what it offers under the bubble (sign in, buy, subscribe). */
  callToAction: z.enum(chatCallsToAction).nullable(),
  /**
   * The creator wrote this TALENT message in person (a takeover, or an edited held reply): the fan's
   * messenger says "Written by …" under it. Which person wrote it is never sent.
   */
  writtenByCreator: z.boolean().optional(),
  /**
   * On a fan message whose reply the creator held and then rejected, or let drop at the hold limit
   * (approval mode): it will not be answered, and what it cost was given back.
   */
  creditsReturned: z.boolean().optional(),
  /**
   * The crisis protocol's safety reply (docs/safety.md): a fixed message with crisis services, sent
   * instead of the twin. The messenger shows it apart from the twin's bubbles.
   */
  safetyReply: z.boolean().optional(),
  /**
   * A system line, not from the twin (docs/safety.md, Reminders): the repeated AI notice or a known
   * minor's break reminder. The messenger shows it as a line of its own, never as a bubble.
   */
  notice: z.enum(chatNoticeKinds).optional(),
  /** The twin wrote this to the fan unasked, on an event (docs/reach-out.md): free, marked as such. */
  reachOut: z.boolean().optional(),
  /** A fan message spoken as a voice note and sent as its transcript (docs/speech-to-text.md). */
  spoken: z.boolean().optional(),
});
export type ChatMessageView = z.infer<typeof chatMessageOutput>;

export const chatOpenInput = z.object({
  talentTag: singleLineText()
    .transform((tag) => tag.replace(/^@/, ''))
    .pipe(z.string().min(1, 'Talent tag is not defined').max(100)),
  /** The browser's IANA time zone: the twin's reach-outs keep quiet hours on the fan's clock (ignored when unknown). */
  timeZone: singleLineText().max(64).optional(),
});
export type ChatOpenInput = z.input<typeof chatOpenInput>;

export const chatOpenOutput = z.object({
  chat: z.object({ id: z.string(), talentId: z.string() }),
  talent: z.object({
    id: z.string(),
    name: z.string(),
    tag: z.string(),
    profilePictureUrl: z.string().nullable(),
    creditsToSendMessage: z.number().int(),
    creditsToUnlockImage: z.number().int(),
    creditsToUnlockAudio: z.number().int(),
    creditsToUnlockFirstImage: z.number().int().nullable(),
  }),
  welcomeMessages: z.array(z.object({ id: z.string(), text: z.string(), attachments: z.array(chatAttachmentOutput) })),
  starters: z.array(z.object({ id: z.string(), text: z.string() })),
  balance: creditBalanceOutput,
  isAnonymous: z.boolean(),
  /** The reader manages this twin: their own test chat, where nothing costs credits (prices are 0). */
  isTestChat: z.boolean(),
  /** The twin offers a subscription; `subscribedUntil` is set while this fan's is active (messages free). */
  offersSubscription: z.boolean(),
  subscribedUntil: z.iso.datetime().nullable(),
  /**
   * The age gate (docs/safety.md): the twin is above SAFE and this fan has not confirmed their age,
   * so the messenger asks for a date of birth (chat.confirmAge) before the first message.
   */
  ageConfirmationRequired: z.boolean(),
});
export type ChatOpenOutput = z.infer<typeof chatOpenOutput>;

export const chatMessagesInput = z.object({ chatId: id('Chat ID'), cursor: singleLineText().max(200).optional() });
export type ChatMessagesInput = z.infer<typeof chatMessagesInput>;

export const chatMessagesOutput = z.object({
  items: z.array(chatMessageOutput),
  nextCursor: z.string().nullable(),
  /**
   * The creator has taken the chat over, or holds a reply for approval: a fan message waiting for
   * an answer waits on them, so the messenger shows the twin typing for as long as it waits (no time-out).
   */
  awaitingCreator: z.boolean(),
});
export type ChatMessagesOutput = z.infer<typeof chatMessagesOutput>;

export const chatSendInput = z.object({
  chatId: id('Chat ID'),
  text: z
    .string()
    .trim()
    .min(1, 'Please write a message')
    .max(chatMessageMaxLength, `Messages can be at most ${chatMessageMaxLength} characters`),
  /**
   * Made by the fan's app for each message (a UUID) and sent again with every retry of that same
   * message: a send whose answer was lost is answered, not stored and charged twice.
   */
  idempotencyKey: z.uuid({ error: 'Each message needs its own idempotency key (a UUID)' }),
  suggestionId: singleLineText().min(1).max(100).optional(),
});
export type ChatSendInput = z.infer<typeof chatSendInput>;

/** `reply` is set when the twin answered at once (out of credits, a starter's static answer). */
export const chatSendOutput = z.object({
  /** Reminders stored just before the message (docs/safety.md, Reminders), oldest first; absent when none were due. */
  notices: z.array(chatMessageOutput).optional(),
  message: chatMessageOutput,
  reply: chatMessageOutput.optional(),
  balance: creditBalanceOutput,
});
export type ChatSendOutput = z.infer<typeof chatSendOutput>;

export const chatUnlockInput = z.object({
  chatId: id('Chat ID'),
  messageId: id('Message ID'),
  attachmentId: id('Attachment ID'),
});
export type ChatUnlockInput = z.infer<typeof chatUnlockInput>;

export const chatUnlockOutput = z.object({ attachment: chatAttachmentOutput, balance: creditBalanceOutput });
export type ChatUnlockOutput = z.infer<typeof chatUnlockOutput>;

export const chatReactInput = z.object({
  chatId: id('Chat ID'),
  messageId: id('Message ID'),
  reaction: z.enum(reactions).nullable(),
  feedback: z
    .string()
    .trim()
    .max(chatReactionFeedbackMaxLength, `Feedback can be at most ${chatReactionFeedbackMaxLength} characters`)
    .optional(),
});
export type ChatReactInput = z.infer<typeof chatReactInput>;

export const chatReactOutput = z.object({ ok: z.literal(true) });

export const chatTokenCreateInput = z.object({ talentId: id('Talent ID') });
export const chatTokenCreateOutput = z.object({ url: z.string() });

export const chatTokenSignInInput = z.object({ token: singleLineText().min(1, 'Required').max(200) });
/** The signed-in manager and where their chat with the twin is. */
export const chatTokenSignInOutput = z.object({ me: meOutput.unwrap(), url: z.string() });
export type ChatTokenSignInOutput = z.infer<typeof chatTokenSignInOutput>;

/** The age gate's question (docs/safety.md, Age gate): the fan's date of birth, YYYY-MM-DD. */
export const chatConfirmAgeInput = z.object({
  birthDate: z.iso
    .date('Enter your date of birth')
    .refine((value) => value >= '1900-01-01', 'Enter your date of birth')
    // A day ahead of UTC: a fan east of Greenwich may already be on tomorrow's date.
    .refine(
      (value) => value <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      'Your date of birth cannot be in the future',
    ),
});
export type ChatConfirmAgeInput = z.infer<typeof chatConfirmAgeInput>;

/** The verdict stored on the account: adult, or a minor (safe content, break reminders, no adult-level purchases). */
export const chatConfirmAgeOutput = z.object({ age: z.enum(['ADULT', 'MINOR']) });
export type ChatConfirmAgeOutput = z.infer<typeof chatConfirmAgeOutput>;
