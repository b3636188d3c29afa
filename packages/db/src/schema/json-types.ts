// Shapes of the jsonb columns: small embedded lists and maps keyed by name that are always read
// and written whole with their row (anything listed, filtered or paged has its own table).
import type { ChatPromptMessageType, DiscoverSurface, Gender, TrainingMessageRole } from '@doppel/validation';

export type Dimensions = { width: number; height: number };

/** An attachment on a chat or welcome message; fans unlock it with credits unless `isUnlocked`. */
export type MessageAttachment =
  | { type: 'IMAGE'; filePath: string; dimensions: Dimensions; isUnlocked: boolean }
  | { type: 'AUDIO'; filePath: string; isUnlocked: boolean };

/** A conversation starter; `answer` is sent as-is only when the twin does not answer by AI. */
export type ChatMessageSuggestion = { id: string; text: string; answer?: string | null };

/** A welcome message sent when a fan opens a chat (up to three). */
export type InitialChatMessage = { id: string; text: string; attachments?: MessageAttachment[] };

/** A few-shot example put into the twin's prompt. */
export type ChatExample = { requestText: string; responseText: string };

/**
 * The voice a talent speaks with: a copy of a voice of the catalogue (table `voices`), so a
 * talent's tuned settings survive later edits of the catalogue. `id` is the TTS provider's id.
 */
export type TalentVoice = {
  id: string;
  name: string;
  stability: number;
  similarityBoost: number;
  style: number;
  model: string;
  gender: Gender;
  sampleFilePath?: string | null;
};

/** LLM function (tool) descriptions offered to the reply model, configurable in the admin app page. */
export type FunctionSchemaConfig = {
  generateImageAttachment: {
    name: string;
    description: string;
    contextDescription: string;
    successTextDescription: string;
    failureTextDescription: string;
  };
  generateAudioAttachment: {
    name: string;
    description: string;
    successTextDescription: string;
    failureTextDescription: string;
  };
};

/** Minimum client versions; the talent app shows the reload banner when it runs an older one. */
export type MinVersion = { talent: string };

/** Health per model name, shown on the admin status page. */
/** One model's last health check; `error` is the provider's reason when it failed. */
export type ModelHealthCheck = { healthy: boolean; checkedAt: string; error: string | null };
/** Per model in use: its last check (a bare boolean in records written before checks kept detail). */
export type ModelHealthRecord = Record<string, boolean | ModelHealthCheck>;

/** Which Discover surfaces a public talent appears on. */
export type VisibilityRecord = Partial<Record<DiscoverSurface, boolean>>;

/** Feature-flag style test groups of a user, keyed by experiment name. */
export type TestGroupRecord = Record<string, string>;

export type TrainingMessage = { role: TrainingMessageRole; content: string };
/** One fine-tuning example, in the shape of the OpenAI chat fine-tuning file. */
export type TrainingExample = { messages: TrainingMessage[] };

export type ChatPromptMessage = { type: ChatPromptMessageType; text: string };
/** An FAQ item found by similarity search and put into the prompt, with its score. */
export type ChatPromptFaqItem = { question: string; score: number };
export type ChatPromptFunction = { name: string; description: string; parameters: Record<string, unknown> };
export type TokenUsage = { promptTokens: number; completionTokens: number; totalTokens: number };
/** A function call chosen by the model; `arguments` is the raw JSON string the model produced. */
export type ResponseFunction = { name: string; arguments: string };
/** What a twin remembers about a fan: their name, a fact, a preference or a past event. */
export type FanMemoryKind = 'NAME' | 'FACT' | 'PREFERENCE' | 'EVENT';
/** A fan memory as it went into a prompt (the admin sees what the twin remembered). */
export type ChatPromptMemory = { id: string; kind: FanMemoryKind; text: string };

/** How a knowledge source reached the twin: an upload, a pasted text or a web page address. */
export type KnowledgeSourceKind = 'FILE' | 'TEXT' | 'URL';
/** What a source's content was found to be by its bytes, which decides how its text is read. */
export type KnowledgeSourceFormat = 'PDF' | 'DOCX' | 'TEXT' | 'MARKDOWN' | 'SUBTITLES' | 'QA_CSV' | 'WEB_PAGE';
export type KnowledgeSourceStatus = 'PROCESSING' | 'READY' | 'FAILED';

/**
 * A passage of the twin's knowledge a prompt carried, as it was then (the source may be renamed or
 * deleted later): the reply's "Based on" and the admin prompt log. Scores: full-text rank, vector
 * cosine, and the combined score the passages were ordered by.
 */
export type ChatPromptPassage = {
  passageId: string;
  sourceId: string;
  sourceTitle: string;
  heading: string | null;
  text: string;
  textScore: number;
  vectorScore: number;
  score: number;
};

/** A creator's correction the prompt carried as an example, with its similarity to the fan's message. */
export type ChatPromptExample = { correctionId: string; fanText: string; answerText: string; score: number };

/**
 * Who trains and serves a model version (docs/fine-tuning.md#providers): OpenAI (or a compatible
 * server), Together AI, the offline fine-tuner, or a model trained elsewhere that an admin
 * registered with its OpenAI-compatible endpoint.
 */
export type FineTuningProvider = 'openai' | 'together' | 'offline' | 'custom';

/** What a quality check case tests (docs/quality.md). */
export type QualityCaseCategory = 'FAQ' | 'KNOWLEDGE' | 'CORRECTION' | 'BOUNDARY' | 'HONESTY';
/** Kept up to date from the twin's material, or written by an admin (never overwritten). */
export type QualityCaseOrigin = 'AUTO' | 'ADMIN';
export type QualityRunTrigger = 'MANUAL' | 'NEW_VERSION' | 'TWIN_CHANGED' | 'NIGHTLY';
export type QualityRunStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
/** A judge model with a written rubric, or the offline scorer (embeddings, key terms, refusal and AI-admission detection). */
export type QualityScorer = 'judge' | 'offline';
/** A run's mean score per category, 0..1, for the categories it had cases of. */
export type QualityCategoryScores = Partial<Record<QualityCaseCategory, number>>;
