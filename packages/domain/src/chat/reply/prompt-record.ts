// What one reply's model call was asked and answered, filled in as the reply is composed, and the
// ChatPrompt row it becomes: stored with the reply, or kept on a held draft until it is sent.
import type {
  ChatPromptExample,
  ChatPromptFaqItem,
  ChatPromptMemory,
  ChatPromptMessage,
  ChatPromptPassage,
  HeldChatPrompt,
  ResponseFunction,
  TokenUsage,
} from '@doppel/db';
import type { LlmType } from '@doppel/validation';
import type { CorrectionExample } from './example-section.ts';
import type { PassageMatch } from './knowledge.ts';
import type { FaqMatch, ReplyPrompt } from './prompt.ts';

export type PromptRecord = {
  llmType: LlmType;
  model: string;
  temperature: number;
  prompt: ReplyPrompt | null;
  faqMatches: FaqMatch[];
  faqMinScore: number;
  /** The knowledge passages the prompt carried, best first. */
  passages: PassageMatch[];
  /** The fan memories the prompt carried. */
  memories: ChatPromptMemory[];
  /** The creator's corrections the prompt carried as examples, most similar first. */
  examples: CorrectionExample[];
  tokenUsage: TokenUsage | null;
  responseText: string | null;
  responseFallbackText: string | null;
  responseFunction: ResponseFunction | null;
};

const promptMessageType = { system: 'SYSTEM', user: 'USER', assistant: 'TALENT' } as const;

/** The ChatPrompt columns of a record (without the message id and chat it belongs to). */
export function promptRow(record: PromptRecord): HeldChatPrompt {
  const messages: ChatPromptMessage[] = (record.prompt?.messages ?? []).map((message) => ({
    type: promptMessageType[message.role],
    text: message.content,
  }));
  const faqItems: ChatPromptFaqItem[] = record.faqMatches.map((match) => ({ question: match.question, score: match.score }));
  const examples: ChatPromptExample[] = record.examples.map(({ correctionId, fanText, answerText, score }) => ({
    correctionId,
    fanText,
    answerText,
    score,
  }));
  const passages: ChatPromptPassage[] = record.passages.map((passage) => ({ ...passage }));
  return {
    llmType: record.llmType,
    llmFineTunedModelId: record.model,
    llmTemperature: record.temperature,
    messages,
    faqItems,
    faqMinScore: record.faqMinScore,
    memories: record.memories,
    examples,
    passages,
    functions: record.prompt?.functions ?? [],
    tokenUsage: record.tokenUsage,
    responseText: record.responseText,
    responseFallbackText: record.responseFallbackText,
    responseFunction: record.responseFunction,
  };
}
