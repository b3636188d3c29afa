// Limits of the creator settings (docs/product-rules.md#creator-settings-fields, #constants-and-limits). The rules say some exist without giving
// them ("a maximum length that is not shown", "a minimum that is not shown"); the values chosen
// here are documented in docs/creator-dashboard.md and read by both the forms and the server.

/** Settings name: non-empty (docs/product-rules.md#creator-settings-fields); the upper bound keeps it within one line of the fan screen. */
export const settingsNameMax = 50;
/** Custom chat prompt: the form shows a counter against this maximum. */
export const chatPromptMaxLength = 4000;
/** Facts: one per line; each line and the number of lines are bounded to keep the prompt small. */
export const factMaxLength = 300;
export const factsMax = 50;
/** Conversation starters (docs/product-rules.md#constants-and-limits: max 3). */
export const conversationStartersMax = 3;
export const conversationStarterTextMax = 200;
export const conversationStarterAnswerMax = 2000;
/** Welcome messages (docs/product-rules.md#constants-and-limits: max 3, the first cannot be removed). */
export const welcomeMessagesMax = 3;
export const welcomeMessageTextMax = 1000;
/** Image context in the gallery (docs/product-rules.md#constants-and-limits: 3 to 40 characters). */
export const imageContextMin = 3;
export const imageContextMax = 40;
/**
 * Prices in whole credits (1 credit = 0.10 USD). Minimum 1 credit each: a twin never gives
 * messages or media away through the price (free credits exist for that); maximum 1000 credits
 * (100 USD) guards against a typo in the form.
 */
export const priceLimits = {
  creditsToSendMessage: { min: 1, max: 1000 },
  creditsToUnlockImage: { min: 1, max: 1000 },
  creditsToUnlockAudio: { min: 1, max: 1000 },
} as const;
export type PriceField = keyof typeof priceLimits;

/** The messages docs/product-rules.md#creator-settings-fields fixes word for word, and the server's own for rules a schema cannot see. */
export const talentMessages = {
  contextTooShort: 'Context must be at least 3 characters long',
  contextTooLong: 'Context must be less than 40 characters',
  contextUpdated: 'Updated Context',
  saved: 'Saved!',
  firstWelcomeMessageRequired: 'The first welcome message cannot be removed',
  welcomeMessagesMax: `Add at most ${welcomeMessagesMax} welcome messages`,
  conversationStartersMax: `Add at most ${conversationStartersMax} conversation starters`,
  chatPromptTooLong: `The chat prompt must be at most ${chatPromptMaxLength} characters`,
  chatPromptRequired: 'Write the custom chat prompt or switch it off',
  duplicateId: 'Each message needs its own id',
  notInGallery: 'This image was not uploaded to this twin’s gallery. Please upload it again.',
  attachmentNotFound: 'This image is no longer in the gallery.',
  attachmentExists: 'This image is already in the gallery.',
  imageNotFound: 'This image was not uploaded for this twin. Please upload it again.',
  pictureNotFound: 'Upload the picture again: it was not found.',
  voiceNotListed: 'Choose one of the listed voices',
  feedbackNotConfigured: 'The feedback board is not configured.',
  feedbackNotManager: 'The feedback board is for creators who run a twin.',
  feedbackFailed: 'An error has occured, please try again later.',
} as const;
