import type { FunctionSchemaConfig } from '@doppel/db';
import { describe, expect, it } from 'vitest';
import {
  type BuildReplyPromptInput,
  buildReplyFunctions,
  buildReplyPrompt,
  type HistoryMessage,
  renderTemplate,
  replyHistoryLimit,
} from './prompt.ts';

const functionSchemaConfig: FunctionSchemaConfig = {
  generateImageAttachment: {
    name: 'generate_image_attachment',
    description: 'Send a photo.',
    contextDescription: 'What the photo shows.',
    successTextDescription: 'Caption.',
    failureTextDescription: 'No photo text.',
  },
  generateAudioAttachment: {
    name: 'generate_audio_attachment',
    description: 'Send a voice note.',
    successTextDescription: 'Words to say.',
    failureTextDescription: 'No voice text.',
  },
};

const templates = {
  chatPromptTemplate:
    'You are {{name}} ({{gender}}, {{age}}). Purpose: {{purpose}}. Traits: {{personalityTraits}}. Interests: {{interests}}.\nFacts:\n{{facts}}\nPhoto: {{imageFunctionName}}, voice: {{audioFunctionName}}.\nExamples:\n{{chatExamples}}\n\n{{customChatPrompt}}',
  chatPromptTemplateForFaq: 'FAQ MODE for {{name}}.\n{{faqItems}}',
  talentChatPromptTemplate: 'You talk with the real {{name}}.',
};

function input(overrides: Partial<BuildReplyPromptInput> = {}): BuildReplyPromptInput {
  return {
    templates,
    functionSchemaConfig,
    persona: {
      name: 'Mia Moreno',
      gender: 'FEMALE',
      age: 27,
      purpose: 'BANTER',
      personalityTraits: ['SWEET', 'OLD_SOUL'],
      interests: ['HIP_HOP', 'Surf trips'],
      facts: ['Lives in Lisbon', '  ', 'Has a cat called Churro'],
      chatPrompt: 'Never promise to meet in person.',
      hasCustomChatPrompt: false,
      chatExamples: [
        { requestText: 'hey', responseText: 'Heyy!' },
        { requestText: 'how are you', responseText: 'Great, you?' },
        { requestText: 'bye', responseText: 'Ciao!' },
      ],
      chatExampleCount: 2,
    },
    history: [
      { senderType: 'TALENT', text: 'Welcome!' },
      { senderType: 'USER', text: 'hi Mia' },
    ],
    faqMatches: [],
    isTalentManager: false,
    ...overrides,
  };
}

describe('renderTemplate', () => {
  it('fills known placeholders, blanks unknown ones and collapses the empty lines they leave', () => {
    expect(renderTemplate('Hi {{ name }}!\n\n\n{{missing}}\n\nBye', { name: 'Mia' })).toBe('Hi Mia!\n\nBye');
  });
});

describe('buildReplyPrompt', () => {
  it('fills the chat template from the persona: humanised traits and interests, facts as a list, examples up to chatExampleCount', () => {
    const prompt = buildReplyPrompt(input());
    expect(prompt.template).toBe('chat');
    expect(prompt.system).toContain('You are Mia Moreno (female, 27).');
    expect(prompt.system).toContain('Purpose: banter');
    expect(prompt.system).toContain('Traits: sweet, old soul.');
    expect(prompt.system).toContain('Interests: hip hop, Surf trips.');
    expect(prompt.system).toContain('Facts:\n- Lives in Lisbon\n- Has a cat called Churro\n');
    expect(prompt.system).toContain('Photo: generate_image_attachment, voice: generate_audio_attachment.');
    expect(prompt.system).toContain('Fan: hey\nYou: Heyy!\n\nFan: how are you\nYou: Great, you?');
    expect(prompt.system).not.toContain('Ciao');
    expect(prompt.system).not.toContain('{{');
  });

  it('adds the custom chat prompt only when hasCustomChatPrompt is on', () => {
    expect(buildReplyPrompt(input()).system).not.toContain('Never promise');
    const persona = { ...input().persona, hasCustomChatPrompt: true };
    expect(buildReplyPrompt(input({ persona })).system).toMatch(/Never promise to meet in person\.$/);
  });

  it('uses the FAQ template with the matched questions and answers when FAQ items matched', () => {
    const prompt = buildReplyPrompt(
      input({ faqMatches: [{ id: 'f1', question: 'How do credits work?', answer: 'Free ones go first.', score: 0.8 }] }),
    );
    expect(prompt.template).toBe('faq');
    expect(prompt.system).toBe('FAQ MODE for Mia Moreno.\nQ: How do credits work?\nA: Free ones go first.');
  });

  it('uses the talent template for a manager, still appending matched FAQ items it has no placeholder for', () => {
    const prompt = buildReplyPrompt(
      input({ isTalentManager: true, faqMatches: [{ id: 'f1', question: 'Q1?', answer: 'A1.', score: 0.5 }] }),
    );
    expect(prompt.template).toBe('talent');
    expect(prompt.system).toMatch(/^You talk with the real Mia Moreno\./);
    expect(prompt.system).toContain('Q: Q1?\nA: A1.');
  });

  it('sends the system prompt then the history oldest first, USER as user and TALENT as assistant, noting attachments', () => {
    const prompt = buildReplyPrompt(
      input({
        history: [
          { senderType: 'TALENT', text: 'Welcome!' },
          { senderType: 'USER', text: 'photo pls' },
          { senderType: 'TALENT', text: 'Here you go', attachmentTypes: ['IMAGE'] },
          { senderType: 'TALENT', text: '', attachmentTypes: [] },
          { senderType: 'USER', text: 'wow' },
        ],
      }),
    );
    expect(prompt.messages).toEqual([
      { role: 'system', content: prompt.system },
      { role: 'assistant', content: 'Welcome!' },
      { role: 'user', content: 'photo pls' },
      { role: 'assistant', content: 'Here you go [sent a photo]' },
      { role: 'user', content: 'wow' },
    ]);
  });

  it('adds the knowledge passages after the template, each under the title of its source', () => {
    const prompt = buildReplyPrompt(
      input({
        passages: [
          { sourceTitle: 'Summer in Lisbon', heading: 'Food', text: 'The best pastel de nata is at Manteigaria.\n' },
          { sourceTitle: 'Radio interview', heading: null, text: 'I learned to surf in Ericeira.' },
        ],
      }),
    );
    expect(prompt.template).toBe('chat');
    expect(prompt.system).toContain(
      '[From "Summer in Lisbon, Food"]\nThe best pastel de nata is at Manteigaria.\n\n[From "Radio interview"]\nI learned to surf in Ericeira.',
    );
    expect(prompt.system.indexOf('[From')).toBeGreaterThan(prompt.system.indexOf('You are Mia Moreno'));
    expect(buildReplyPrompt(input({ passages: [] })).system).not.toContain('[From');
  });

  it(`keeps only the last ${replyHistoryLimit} messages of the history`, () => {
    const history: HistoryMessage[] = Array.from({ length: 30 }, (_, index) => ({
      senderType: index % 2 === 0 ? 'USER' : 'TALENT',
      text: `m${index}`,
    }));
    const prompt = buildReplyPrompt(input({ history }));
    expect(prompt.messages).toHaveLength(replyHistoryLimit + 1);
    expect(prompt.messages[1]?.content).toBe('m10');
    expect(prompt.messages.at(-1)?.content).toBe('m29');
  });
});

describe('buildReplyFunctions', () => {
  it('offers the image function with a context argument and the audio function, texts from the config', () => {
    const [image, audio] = buildReplyFunctions(functionSchemaConfig);
    expect(image).toMatchObject({
      name: 'generate_image_attachment',
      description: 'Send a photo.',
      parameters: {
        type: 'object',
        properties: {
          context: { type: 'string', description: 'What the photo shows.' },
          successText: { type: 'string', description: 'Caption.' },
          failureText: { type: 'string', description: 'No photo text.' },
        },
        required: ['context', 'successText', 'failureText'],
      },
    });
    expect(audio).toMatchObject({
      name: 'generate_audio_attachment',
      description: 'Send a voice note.',
      parameters: {
        properties: { successText: { description: 'Words to say.' }, failureText: { description: 'No voice text.' } },
      },
    });
  });
});
