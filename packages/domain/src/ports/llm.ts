// Ports to outside services the chat engine needs. The domain declares them; adapters in
// packages/integrations implement them (OpenAI and an offline engine; ElevenLabs and espeak-ng).

export type LlmMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** A function the model may call (OpenAI tools of type function). */
export type LlmFunction = { name: string; description: string; parameters: Record<string, unknown> };

export type LlmTokenUsage = { promptTokens: number; completionTokens: number; totalTokens: number };

/**
 * What the offline engine answers from when no model is configured: the twin's own material.
 * A real model ignores it (it reads the same material in the prompt).
 */
export type OfflineMaterial = {
  twinName: string;
  purpose: string | null;
  personalityTraits: string[];
  interests: string[];
  facts: string[];
  /** FAQ items that matched the fan's message, best first, with their scores. */
  faqMatches: Array<{ question: string; answer: string; score: number }>;
  conversationStarters: Array<{ text: string; answer: string | null }>;
  /** What the twin remembers about this fan, newest first ("Name: Sam", "Has a dog named Rex"). */
  fanMemories?: FanMemoryNote[];
  /**
   * The creator's corrections most like the fan's message, most similar first, with their scores:
   * a strong one is answered with the creator's own answer.
   */
  examples?: Array<{ fanText: string; answerText: string; score: number }>;
  /** Passages of the twin's knowledge sources that fit the fan's message, best first, with their scores. */
  passages?: Array<{ sourceTitle: string; heading: string | null; text: string; score: number }>;
};

/** A note about a fan the twin keeps: their name, a fact, a preference or a past event. */
export type FanMemoryNote = { kind: 'NAME' | 'FACT' | 'PREFERENCE' | 'EVENT'; text: string };

/** One exchange to learn from: what the fan said, what the twin answered, what is already known. */
export type MemoryExtractionRequest = {
  model: string;
  twinName: string;
  fanMessage: string;
  twinReply: string | null;
  /** Already remembered, so the model adds only what is new. */
  known: FanMemoryNote[];
};

export type LlmRequest = {
  model: string;
  temperature: number;
  messages: LlmMessage[];
  functions: LlmFunction[];
  /** Caps the answer's length (quality checks and their judge bound each case); absent: the model's own limit. */
  maxTokens?: number;
  offline?: OfflineMaterial;
};

export type LlmResponse = {
  /** The reply text; may be present alongside a function call (said before the attachment). */
  text: string | null;
  functionCall: { name: string; arguments: Record<string, unknown> } | null;
  usage: LlmTokenUsage | null;
  /** Which engine answered: shown in the admin prompt view. */
  engine: 'openai' | 'offline';
};

/** A moderation verdict: `categories` are the flagged ones, in the provider's names ("sexual", "violence"). */
export type ModerationVerdict = { flagged: boolean; categories: string[] };

/** Whether a model answers at all (the admin status page); `error` says why not, in the provider's words. */
export type ModelCheck = { healthy: true } | { healthy: false; error: string };

/**
 * How a caller follows a reply while it is written. `onText` gets the reply text so far (never a
 * function call's arguments) each time it grows; adapters that cannot stream never call it.
 */
export type LlmCompleteOptions = { onText?: (textSoFar: string) => void };

/** Chat completion and embeddings. Errors are thrown as LlmError. */
export type LlmPort = {
  readonly engine: 'openai' | 'offline';
  /** The whole reply; with `options.onText`, the text so far as it is produced too. */
  complete: (request: LlmRequest, options?: LlmCompleteOptions) => Promise<LlmResponse>;
  /** One vector per text, same dimension within one adapter. */
  embed: (texts: string[]) => Promise<number[][]>;
  /** The provider model `embed` uses, when it uses one (the offline engine hashes locally). */
  readonly embeddingModel?: string;
  /**
   * Pings one model with the cheapest request the provider has; never throws for a model that is
   * down, it answers `healthy: false` with the reason. Optional only so in-process test doubles
   * need not grow it; the models.health job reports an engine without it as unable to check.
   */
  checkModel?: (modelId: string) => Promise<ModelCheck>;
  /**
   * What the fan told about themselves in one exchange, as short notes ("Name: Sam", "Has a dog
   * named Rex"); empty when nothing worth remembering. Optional only so in-process test doubles
   * need not grow it; the chat.remember job skips an engine without it.
   */
  extractMemories?: (request: MemoryExtractionRequest) => Promise<FanMemoryNote[]>;
  /**
   * The provider's moderation verdict on one text (OpenAI's moderation endpoint); absent offline,
   * where the creator's rules alone decide. Throws LlmError like the other calls.
   */
  moderate?: (text: string) => Promise<ModerationVerdict>;
};

/** A model call that failed (network, rate limit, bad response); `retryable` says if a retry may help. */
export class LlmError extends Error {
  readonly retryable: boolean;
  /**
   * Set when the provider said "too many requests" (HTTP 429): which provider, and how long it asked
   * us to wait (its retry-after), null when it did not say. Every worker then holds its calls
   * (chat/reply/rate-limits.ts) rather than each finding the limit on its own.
   */
  readonly rateLimit?: { provider: string; retryAfterMs: number | null };

  constructor(message: string, retryable: boolean, rateLimit?: { provider: string; retryAfterMs: number | null }) {
    super(message);
    this.name = 'LlmError';
    this.retryable = retryable;
    if (rateLimit) this.rateLimit = rateLimit;
  }
}
