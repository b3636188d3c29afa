// Every closed enumeration of docs/product-rules.md#records (and the states of #states-and-lifecycles), as `as const` tuples.
// The database builds its pgEnums from these tuples and the forms build their zod enums from them,
// so a value added here reaches both sides at once.

export const genders = ['MALE', 'FEMALE', 'NON_BINARY'] as const;
export type Gender = (typeof genders)[number];

export const purposes = ['BANTER', 'FLIRT', 'EDUCATE', 'BULLY'] as const;
export type Purpose = (typeof purposes)[number];

export const personalityTraits = [
  'SWEET',
  'MYSTERIOUS',
  'CARING',
  'NAUGHTY',
  'CASUAL',
  'FUNNY',
  'GENZ',
  'ATTITUDE',
  'OLD_SOUL',
] as const;
export type PersonalityTrait = (typeof personalityTraits)[number];

/**
 * The interests offered today, in the order the creator sees them. Talents store interests as free text, so one that is
 * removed from this list still loads and is shown as deprecated (see `isOfferedInterest`).
 */
export const interests = [
  'ANIME',
  'ART',
  'BAKING',
  'BEACH',
  'BIRDWATCHING',
  'CAMPING',
  'CATS',
  'COOKING',
  'CRAFTING',
  'CYCLING',
  'DANCING',
  'DATING',
  'DESIGN',
  'DOGS',
  'EDM',
  'FAMILY',
  'FASHION',
  'FISHING',
  'GARDENING',
  'GYM',
  'HIKING',
  'HIP_HOP',
  'MEDITATION',
  'PAINTING',
  'PARTYING',
  'PHILOSOPHY',
  'PHOTOGRAPHY',
  'READING',
  'ROMCOMS',
  'RUNNING',
  'SINGING',
  'SKATEBOARDING',
  'STARGAZING',
  'SURFING',
  'SWIMMING',
  'TRAVELING',
  'VIDEO_GAMES',
  'WINTERSPORTS',
  'WOODWORKING',
  'WRITING',
  'YOGA',
] as const;
export type Interest = (typeof interests)[number];

/** True when the interest is still offered; stored values outside the list are deprecated. */
export function isOfferedInterest(value: string): value is Interest {
  return (interests as readonly string[]).includes(value);
}

export const waitlistPlatforms = ['INSTAGRAM', 'TIKTOK', 'X'] as const;
export type WaitlistPlatform = (typeof waitlistPlatforms)[number];

/** The user editor may hold more roles later; these are the ones the product knows. */
export const userRoles = ['USER', 'ADMIN'] as const;
export type UserRole = (typeof userRoles)[number];

/** A user may also have no waitlist status at all (stored as null). */
export const waitlistStatuses = ['PENDING', 'REJECTED', 'ACCEPTED'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export const senderTypes = ['USER', 'TALENT'] as const;
export type SenderType = (typeof senderTypes)[number];

export const reactions = ['THUMBS_UP', 'THUMBS_DOWN'] as const;
export type Reaction = (typeof reactions)[number];

/** In progress order. Only SCHEDULED broadcasts may be deleted. */
export const broadcastStatuses = ['SCHEDULED', 'PREPARING', 'SENDING_MESSAGES', 'COMPLETED', 'DELETED'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

export const payoutStatuses = ['PENDING', 'EXECUTED', 'REJECTED', 'FAILED'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const transferTypes = ['BANK_TRANSFER', 'PAYPAL'] as const;
export type TransferType = (typeof transferTypes)[number];

/**
 * Entries of a talent's money ledger: an EARNING (a paid message, unlock, subscription period or
 * referral share), a REVERSAL of earnings (refund, dispute), a REINSTATEMENT (a reversal undone)
 * and a PAYOUT status change (requested, executed, rejected, failed, or set back).
 */
export const talentLedgerKinds = ['EARNING', 'REVERSAL', 'REINSTATEMENT', 'PAYOUT'] as const;
export type TalentLedgerKind = (typeof talentLedgerKinds)[number];

/** Where a talent's earning came from; one pair of gross and net columns each in the earning frames. */
export const earningSources = ['sendMessage', 'unlockImage', 'unlockAudio', 'subscription', 'referral'] as const;
export type EarningSource = (typeof earningSources)[number];

/** A PayPal payout batch's state as PayPal reports it (null until sent). */
export const payPalBatchStatuses = ['PENDING', 'PROCESSING', 'SUCCESS', 'DENIED', 'CANCELED'] as const;
export type PayPalBatchStatus = (typeof payPalBatchStatuses)[number];

export const modelVersionStatuses = ['UPLOADING_TRAINING_FILE', 'FINE_TUNING', 'SUCCEEDED', 'FAILED'] as const;
export type ModelVersionStatus = (typeof modelVersionStatuses)[number];

export const productPriceTypes = ['ONE_TIME', 'SUBSCRIPTION', 'APPLE_ONE_TIME', 'GOOGLE_ONE_TIME'] as const;
export type ProductPriceType = (typeof productPriceTypes)[number];

/** A hosted checkout (Stripe Checkout or the sandbox page) from creation to its outcome. */
export const checkoutStatuses = ['OPEN', 'COMPLETED', 'CANCELED', 'EXPIRED', 'FAILED'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

export const checkoutModes = ['payment', 'subscription'] as const;
export type CheckoutMode = (typeof checkoutModes)[number];

export const paymentProviders = ['stripe', 'apple', 'google', 'sandbox'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** A fan's subscription to one twin; ACTIVE until its paid period ends or the provider ends it. */
export const subscriptionStatuses = ['ACTIVE', 'ENDED'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Kinds of entries in the payment ledger: money in, money back, money back undone (dispute won). */
export const paymentLedgerKinds = ['PURCHASE', 'REVERSAL', 'REINSTATEMENT'] as const;
export type PaymentLedgerKind = (typeof paymentLedgerKinds)[number];

export const paymentReversalReasons = ['REFUND', 'DISPUTE'] as const;
export type PaymentReversalReason = (typeof paymentReversalReasons)[number];

/**
 * Money that came in but bought nothing, for an admin to look at: paid a different amount or
 * currency than the checkout was opened for, or a second subscription to a twin (given back).
 */
export const paymentProblems = ['AMOUNT_MISMATCH', 'DUPLICATE_SUBSCRIPTION'] as const;
export type PaymentProblem = (typeof paymentProblems)[number];

/** The action a twin's immediate out-of-credits answer offers under the bubble. */
/** A system line in a chat (docs/safety.md, Reminders): the repeated AI notice, a known minor's break reminder. */
export const chatNoticeKinds = ['AI_REMINDER', 'BREAK_REMINDER'] as const;
export type ChatNoticeKind = (typeof chatNoticeKinds)[number];

export const chatCallsToAction = ['SIGN_IN', 'CHECKOUT', 'SUBSCRIBE'] as const;
export type ChatCallToAction = (typeof chatCallsToAction)[number];

export const earningFrameRanges = ['DAY', 'MONTH', 'TOTAL'] as const;
export type EarningFrameRange = (typeof earningFrameRanges)[number];

/** Static (gallery) attachments are always IMAGE; message attachments are IMAGE or AUDIO. */
export const attachmentTypes = ['IMAGE', 'AUDIO'] as const;
export type AttachmentType = (typeof attachmentTypes)[number];

/** Keys of a public talent's `isVisibleRecord`: the surfaces a Discover entry can appear on. */
export const discoverSurfaces = ['discoverFeed', 'discoverInReview', 'homepage1', 'homepage2'] as const;
export type DiscoverSurface = (typeof discoverSurfaces)[number];

/** Roles of the messages sent to the LLM, as recorded in a chat prompt. */
export const chatPromptMessageTypes = ['SYSTEM', 'USER', 'TALENT'] as const;
export type ChatPromptMessageType = (typeof chatPromptMessageTypes)[number];

/** Roles inside a fine-tuning training example (lines `S: `, `U: `, `A: `). */
export const trainingMessageRoles = ['system', 'user', 'assistant'] as const;
export type TrainingMessageRole = (typeof trainingMessageRoles)[number];

/** Who owns an uploaded file (docs/product-rules.md#calls, `files.upload`). */
export const fileOwnerTypes = ['TALENT', 'PUBLIC'] as const;
export type FileOwnerType = (typeof fileOwnerTypes)[number];

/** Which LLM family produced a reply; stored on talent configs and chat prompts. */
export const llmTypes = ['OPENAI', 'OFFLINE'] as const;
export type LlmType = (typeof llmTypes)[number];

/**
 * How far a twin may go (creator setting, default SAFE): SUGGESTIVE allows flirting, ADULT
 * explicit content. A fan who said they are under 18 gets SAFE whatever the setting.
 */
export const contentLevels = ['SAFE', 'SUGGESTIVE', 'ADULT'] as const;
export type ContentLevel = (typeof contentLevels)[number];

/** Why a message crossed a twin's boundaries (boundary_flags.reason). */
export const boundaryReasons = ['TOPIC', 'CONTENT_LEVEL', 'MINOR', 'MODERATION', 'CRISIS'] as const;
export type BoundaryReason = (typeof boundaryReasons)[number];

/** Whose message crossed it: the fan's, or the model's reply. */
export const boundarySides = ['FAN', 'TWIN'] as const;
export type BoundarySide = (typeof boundarySides)[number];

/** What makes the twin reach out to a fan (docs/reach-out.md), in the order Settings → Reach out lists them. */
export const reachOutKinds = [
  'CHECK_IN',
  'THANK_YOU',
  'SUBSCRIPTION_ENDING',
  'SUBSCRIPTION_LAPSED',
  'CUSTOM_DATE',
  'REMIND_ME',
] as const;
export type ReachOutKind = (typeof reachOutKinds)[number];

/** A reach-out occasion: waiting to be written (unused), held for the creator's approval, written into the fan's chat, or not sent (rejected or dropped). */
export const reachOutStatuses = ['PENDING', 'HELD', 'SENT', 'SKIPPED'] as const;
export type ReachOutStatus = (typeof reachOutStatuses)[number];
