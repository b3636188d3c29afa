import type { FunctionSchemaConfig } from '@doppel/db';
import { describe, expect, it } from 'vitest';
import { exampleTextLimit, formatExampleSection } from './example-section.ts';
import { defaultExampleMinScore, type EmbeddedCorrection, rankCorrectionExamples } from './examples.ts';
import { buildReplyPrompt } from './prompt.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const correction = (id: string, embedding: number[], minute = 0): EmbeddedCorrection => ({
  id,
  fanText: `fan ${id}`,
  answerText: `answer ${id}`,
  updatedAt: at(minute),
  embedding,
});

describe('rankCorrectionExamples', () => {
  it('keeps corrections at least as similar as the minimum, most similar first, at most three', () => {
    const ranked = rankCorrectionExamples(
      [1, 0],
      [
        correction('far', [0, 1]),
        correction('close', [1, 0.1]),
        correction('closest', [1, 0]),
        correction('near', [1, 0.5]),
        correction('edge', [1, 0.9]),
        correction('other-engine', [1, 0, 0]),
      ],
      0.5,
    );
    expect(ranked.map((example) => example.correctionId)).toEqual(['closest', 'close', 'near']);
    expect(ranked[0]).toEqual({ correctionId: 'closest', fanText: 'fan closest', answerText: 'answer closest', score: 1 });
  });

  it('puts the newest correction first when two score the same', () => {
    const ranked = rankCorrectionExamples([1, 0], [correction('old', [2, 0], 1), correction('new', [1, 0], 5)], 0.5);
    expect(ranked.map((example) => example.correctionId)).toEqual(['new', 'old']);
  });

  it('finds nothing below the default minimum', () => {
    const ranked = rankCorrectionExamples([1, 0], [correction('weak', [1, 2])], defaultExampleMinScore);
    expect(ranked).toEqual([]);
  });
});

describe('formatExampleSection', () => {
  it('says what the fan said and what the twin answered, and to answer like this', () => {
    const section = formatExampleSection([
      { correctionId: 'a', fanText: 'Which city in spring?', answerText: 'Porto,\nin May.', score: 0.8 },
    ]);
    expect(section).toBe(
      'How your creator wants you to answer messages like this one (answer like this, in your own voice, when the fan asks something similar):\n' +
        '- When a fan said "Which city in spring?", you answered "Porto, in May.".',
    );
  });

  it('is empty without examples and cuts long texts', () => {
    expect(formatExampleSection([])).toBe('');
    const long = 'word '.repeat(200);
    const section = formatExampleSection([{ correctionId: 'a', fanText: long, answerText: 'ok', score: 0.9 }]);
    expect(section.length).toBeLessThan(exampleTextLimit + 250);
    expect(section).toContain('…');
  });
});

const functionSchemaConfig: FunctionSchemaConfig = {
  generateImageAttachment: {
    name: 'image',
    description: 'Photo.',
    contextDescription: 'What.',
    successTextDescription: 'Caption.',
    failureTextDescription: 'None.',
  },
  generateAudioAttachment: {
    name: 'audio',
    description: 'Voice.',
    successTextDescription: 'Say.',
    failureTextDescription: 'None.',
  },
};

describe('buildReplyPrompt with examples', () => {
  const base = {
    templates: {
      chatPromptTemplate: 'You are {{name}}.',
      chatPromptTemplateForFaq: 'FAQ {{faqItems}}',
      talentChatPromptTemplate: 'Talent',
    },
    functionSchemaConfig,
    persona: {
      name: 'Mia',
      gender: null,
      age: null,
      purpose: null,
      personalityTraits: [],
      interests: [],
      facts: [],
      chatPrompt: '',
      hasCustomChatPrompt: false,
      chatExamples: [],
      chatExampleCount: 0,
    },
    history: [{ senderType: 'USER' as const, text: 'which city in spring?' }],
    faqMatches: [],
    isTalentManager: false,
  };

  it('appends the examples section to the system prompt, and nothing without examples', () => {
    const example = { correctionId: 'a', fanText: 'Which city in spring?', answerText: 'Porto, in May.', score: 0.8 };
    const prompt = buildReplyPrompt({ ...base, examples: [example] });
    expect(prompt.system).toBe(`You are Mia.\n\n${formatExampleSection([example])}`);
    expect(prompt.messages[0]).toEqual({ role: 'system', content: prompt.system });
    expect(buildReplyPrompt(base).system).toBe('You are Mia.');
  });
});
