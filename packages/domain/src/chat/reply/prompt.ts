// Pure prompt building for the twin's AI reply: the system prompt from the app config templates
// and the twin's persona, the recent conversation, and the two functions the model may call.
import type { ChatExample, FunctionSchemaConfig } from '@doppel/db';
import type { Gender, Purpose, SenderType } from '@doppel/validation';
import type { FanMemoryNote, LlmFunction, LlmMessage } from '../../ports/llm.ts';
import { formatMemorySection, selectPromptMemories } from '../memory/prompt-section.ts';
import { type CorrectionExample, formatExampleSection } from './example-section.ts';

/** How many chat messages (fan and twin) go into one prompt, the fan's new message included. */
export const replyHistoryLimit = 20;

export type ReplyTemplates = {
  chatPromptTemplate: string;
  chatPromptTemplateForFaq: string;
  talentChatPromptTemplate: string;
};

/** The twin as the prompt describes it (talent and talent config columns). */
export type ReplyPersona = {
  name: string;
  gender: Gender | null;
  age: number | null;
  purpose: Purpose | null;
  personalityTraits: string[];
  interests: string[];
  facts: string[];
  chatPrompt: string;
  hasCustomChatPrompt: boolean;
  chatExamples: ChatExample[];
  chatExampleCount: number;
};

/** A message of the chat as stored; `attachmentTypes` lets the history say a photo was sent. */
export type HistoryMessage = { senderType: SenderType; text: string; attachmentTypes?: Array<'IMAGE' | 'AUDIO'> };

/** An FAQ item that matched the fan's message, with its cosine score. */
export type FaqMatch = { id: string; question: string; answer: string; score: number };

/** A passage of the twin's own material (a knowledge source) that fits the fan's message. */
export type PromptPassage = { sourceTitle: string; heading: string | null; text: string };

export type BuildReplyPromptInput = {
  templates: ReplyTemplates;
  functionSchemaConfig: FunctionSchemaConfig;
  persona: ReplyPersona;
  /** Oldest first; the fan's message being answered is the last one. */
  history: HistoryMessage[];
  faqMatches: FaqMatch[];
  /** The "fan" is one of the talent's managers testing the twin: the talent template applies. */
  isTalentManager: boolean;
  /** What the twin remembers about this fan, newest first; capped by `selectPromptMemories`. */
  memories?: readonly FanMemoryNote[];
  /** The creator's corrections most like the fan's message, most similar first (examples.ts). */
  examples?: readonly CorrectionExample[];
  /** Passages of the twin's knowledge sources that fit the fan's message, best first. */
  passages?: readonly PromptPassage[];
};

export type ReplyPromptTemplate = 'chat' | 'faq' | 'talent';

export type ReplyPrompt = {
  template: ReplyPromptTemplate;
  system: string;
  /** System prompt first, then the history as user/assistant turns. */
  messages: LlmMessage[];
  functions: LlmFunction[];
};

const purposeText: Record<Purpose, string> = {
  BANTER: 'banter: light, witty back-and-forth',
  FLIRT: 'flirt: playful and charming',
  EDUCATE: 'educate: share what you know and give advice',
  BULLY: 'roast: tease the fan with cheeky, good-natured attitude',
};

const genderText: Record<Gender, string> = { FEMALE: 'female', MALE: 'male', NON_BINARY: 'non-binary' };

/** `HIP_HOP` -> `hip hop`: enum-like stored values read naturally in a prompt. */
export function humanize(value: string): string {
  return /^[A-Z0-9_]+$/.test(value) ? value.toLowerCase().replaceAll('_', ' ') : value;
}

/** Fills `{{placeholders}}`; unknown ones become empty, and blank runs left behind collapse. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Few-shot examples as `Fan:` / `You:` exchanges, at most `chatExampleCount`. */
export function formatChatExamples(examples: ChatExample[], count: number): string {
  return examples
    .filter((example) => example.requestText.trim() !== '' && example.responseText.trim() !== '')
    .slice(0, Math.max(0, count))
    .map((example) => `Fan: ${example.requestText.trim()}\nYou: ${example.responseText.trim()}`)
    .join('\n\n');
}

export function formatFaqItems(matches: FaqMatch[]): string {
  return matches.map((match) => `Q: ${match.question}\nA: ${match.answer}`).join('\n\n');
}

/** Each passage under the title of the source it came from, so the model knows what it is quoting. */
export function formatPassages(passages: readonly PromptPassage[]): string {
  return passages
    .map((passage) => {
      const from = passage.heading ? `${passage.sourceTitle}, ${passage.heading}` : passage.sourceTitle;
      return `[From "${from}"]\n${passage.text.trim()}`;
    })
    .join('\n\n');
}

/** The values every template may use; a template uses any subset of them. */
export function templateValues(input: BuildReplyPromptInput): Record<string, string> {
  const { persona, functionSchemaConfig } = input;
  return {
    name: persona.name,
    gender: persona.gender ? genderText[persona.gender] : '',
    age: persona.age === null ? '' : String(persona.age),
    purpose: persona.purpose ? purposeText[persona.purpose] : 'chat with your fans',
    personalityTraits: persona.personalityTraits.map(humanize).join(', '),
    interests: persona.interests.map(humanize).join(', '),
    facts: persona.facts
      .map((fact) => fact.trim())
      .filter((fact) => fact !== '')
      .map((fact) => `- ${fact}`)
      .join('\n'),
    customChatPrompt: persona.hasCustomChatPrompt ? persona.chatPrompt.trim() : '',
    chatExamples: formatChatExamples(persona.chatExamples, persona.chatExampleCount),
    faqItems: formatFaqItems(input.faqMatches),
    imageFunctionName: functionSchemaConfig.generateImageAttachment.name,
    audioFunctionName: functionSchemaConfig.generateAudioAttachment.name,
  };
}

/** The two functions of `functionSchemaConfig`, as JSON schema tools; all texts come from the config. */
export function buildReplyFunctions(config: FunctionSchemaConfig): LlmFunction[] {
  const image = config.generateImageAttachment;
  const audio = config.generateAudioAttachment;
  return [
    {
      name: image.name,
      description: image.description,
      parameters: {
        type: 'object',
        properties: {
          context: { type: 'string', description: image.contextDescription },
          successText: { type: 'string', description: image.successTextDescription },
          failureText: { type: 'string', description: image.failureTextDescription },
        },
        required: ['context', 'successText', 'failureText'],
        additionalProperties: false,
      },
    },
    {
      name: audio.name,
      description: audio.description,
      parameters: {
        type: 'object',
        properties: {
          successText: { type: 'string', description: audio.successTextDescription },
          failureText: { type: 'string', description: audio.failureTextDescription },
        },
        required: ['successText', 'failureText'],
        additionalProperties: false,
      },
    },
  ];
}

function historyText(message: HistoryMessage): string {
  const notes = (message.attachmentTypes ?? []).map((type) => (type === 'IMAGE' ? '[sent a photo]' : '[sent a voice note]'));
  return [message.text.trim(), ...notes].filter((part) => part !== '').join(' ');
}

/** The last `replyHistoryLimit` messages as chat turns: USER -> user, TALENT -> assistant. */
export function historyMessages(history: HistoryMessage[]): LlmMessage[] {
  return history
    .map((message) => ({
      role: message.senderType === 'USER' ? ('user' as const) : ('assistant' as const),
      content: historyText(message),
    }))
    .filter((message) => message.content !== '')
    .slice(-replyHistoryLimit);
}

/**
 * The talent template when a manager tests the twin; the FAQ template when FAQ items matched;
 * the chat template otherwise. A template without `{{faqItems}}` still gets the matched items
 * appended, so a match is never silently dropped.
 */
export function buildReplyPrompt(input: BuildReplyPromptInput): ReplyPrompt {
  const template: ReplyPromptTemplate = input.isTalentManager ? 'talent' : input.faqMatches.length > 0 ? 'faq' : 'chat';
  const source =
    template === 'talent'
      ? input.templates.talentChatPromptTemplate
      : template === 'faq'
        ? input.templates.chatPromptTemplateForFaq
        : input.templates.chatPromptTemplate;
  const values = templateValues(input);
  let system = renderTemplate(source, values);
  if (input.faqMatches.length > 0 && !/\{\{\s*faqItems\s*\}\}/.test(source)) {
    system = `${system}\n\nFrequently asked questions that may fit the fan's message (use one only when it clearly fits):\n${values.faqItems}`;
  }
  // After the template, as its own section: every template gets it, and the admin sees it apart.
  const memorySection = formatMemorySection(selectPromptMemories(input.memories ?? []));
  if (memorySection) system = `${system}\n\n${memorySection}`;
  const exampleSection = formatExampleSection(input.examples ?? []);
  if (exampleSection) system = `${system}\n\n${exampleSection}`;
  if (input.passages && input.passages.length > 0) {
    system = `${system}\n\nWhat you wrote or said yourself elsewhere, that may fit the fan's message (use it only when it fits, in your own voice, and never invent beyond it):\n${formatPassages(input.passages)}`;
  }
  return {
    template,
    system,
    messages: [{ role: 'system', content: system }, ...historyMessages(input.history)],
    functions: buildReplyFunctions(input.functionSchemaConfig),
  };
}
