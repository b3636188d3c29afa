import type { LlmFunction, LlmRequest, OfflineMaterial } from '@doppel/domain/ports';
import { describe, expect, it } from 'vitest';
import { captionTopic, createOfflineLlm, offlinePassageMinScore, passageAnswer } from './offline-llm.ts';

// The seeded function schema (packages/db/src/seed/content.ts), as the reply job offers it.
const imageFunction: LlmFunction = {
  name: 'generate_image_attachment',
  description: 'Send the fan a photo from your gallery when they ask to see you or something you are talking about.',
  parameters: {
    type: 'object',
    properties: { context: { type: 'string' }, successText: { type: 'string' }, failureText: { type: 'string' } },
    required: ['context', 'successText', 'failureText'],
  },
};
const audioFunction: LlmFunction = {
  name: 'generate_audio_attachment',
  description: 'Send the fan a voice note when they ask to hear your voice.',
  parameters: {
    type: 'object',
    properties: { successText: { type: 'string' }, failureText: { type: 'string' } },
    required: ['successText', 'failureText'],
  },
};

const mia: OfflineMaterial = {
  twinName: 'Mia Moreno',
  purpose: 'BANTER',
  personalityTraits: ['SWEET', 'FUNNY', 'CASUAL'],
  interests: ['TRAVELING', 'PHOTOGRAPHY', 'YOGA', 'COOKING', 'SURFING'],
  facts: [
    'Grew up in Valencia, Spain, moved to Lisbon at 22',
    'Has a rescue cat called Churro',
    'Teaches a sunrise yoga class on Saturdays',
  ],
  faqMatches: [],
  conversationStarters: [
    { text: 'What is your favourite place?', answer: 'Ericeira at sunset, every single time 🌅' },
    { text: 'Tell me a secret', answer: null },
  ],
};

const llm = createOfflineLlm();
const ask = (content: string, overrides: Partial<LlmRequest> = {}) =>
  llm.complete({
    model: 'gpt-4o-mini',
    temperature: 0.9,
    messages: [
      { role: 'system', content: 'You are Mia.' },
      { role: 'user', content },
    ],
    functions: [imageFunction, audioFunction],
    offline: mia,
    ...overrides,
  });

describe('offline engine', () => {
  it('is healthy for any model name and uses no provider embedding model', async () => {
    const llm = createOfflineLlm();
    expect(await llm.checkModel?.('gpt-3.5-turbo')).toEqual({ healthy: true });
    expect(await llm.checkModel?.('no-such-model')).toEqual({ healthy: true });
    expect(llm.embeddingModel).toBeUndefined();
  });

  it('says it is the offline engine', async () => {
    expect(llm.engine).toBe('offline');
    expect((await ask('hey')).engine).toBe('offline');
  });

  it('answers a picture request with the image function and exactly the schema arguments', async () => {
    for (const message of ['send me a pic of the beach', 'Can I see a photo of you at the beach?', 'selfie pls']) {
      const response = await ask(message);
      expect(response.functionCall?.name).toBe('generate_image_attachment');
      expect(Object.keys(response.functionCall?.arguments ?? {}).sort()).toEqual(['context', 'failureText', 'successText']);
      expect(response.text).toBe(response.functionCall?.arguments.successText);
    }
    expect((await ask('send me a pic of the beach')).functionCall?.arguments.context).toBe('beach');
    // Nothing said about the subject: an interest stands in.
    expect((await ask('selfie pls')).functionCall?.arguments.context).toMatch(/\w/);
  });

  it('answers a voice request with the audio function, the reply text as the spoken words', async () => {
    for (const message of ['can I hear your voice?', 'send me a voice note', 'say something to me']) {
      const response = await ask(message);
      expect(response.functionCall?.name).toBe('generate_audio_attachment');
      expect(Object.keys(response.functionCall?.arguments ?? {}).sort()).toEqual(['failureText', 'successText']);
      expect(response.functionCall?.arguments.successText).toBe(response.text);
      expect(response.text).toContain('Mia');
    }
  });

  it('finds the functions by name or description, whatever their order', async () => {
    const response = await ask('send a photo', { functions: [audioFunction, imageFunction] });
    expect(response.functionCall?.name).toBe('generate_image_attachment');
    const renamed = { ...audioFunction, name: 'fn_b' };
    expect((await ask('let me hear you', { functions: [imageFunction, renamed] })).functionCall?.name).toBe('fn_b');
  });

  it('uses the argument names of a different schema', async () => {
    const custom: LlmFunction = {
      name: 'send_photo',
      description: 'photo',
      parameters: { type: 'object', properties: { caption: { type: 'string' }, subject: { type: 'string' } } },
    };
    const response = await ask('pic of your cat', { functions: [custom] });
    expect(response.functionCall).toEqual({ name: 'send_photo', arguments: { caption: response.text, subject: 'cat' } });
  });

  it('replies in text when no function is offered', async () => {
    const response = await ask('send me a pic', { functions: [] });
    expect(response.functionCall).toBeNull();
    expect(response.text).toBeTruthy();
  });

  it('answers from the best FAQ match above zero', async () => {
    const offline = {
      ...mia,
      faqMatches: [
        { question: 'Do free credits expire?', answer: 'No. Free credits never expire.', score: 0.4 },
        { question: 'How do credits work?', answer: 'Every message costs a few credits.', score: 0.8 },
      ],
    };
    const response = await ask('how do credits work here', { offline });
    expect(response.text).toContain('Every message costs a few credits.');
    expect(response.functionCall).toBeNull();
    // A question about what a photo costs is an FAQ question, not a picture request.
    expect((await ask('how many credits does a photo cost?', { offline })).functionCall).toBeNull();
    // Zero scores are no match.
    const zero = { ...mia, faqMatches: [{ question: 'q', answer: 'FAQ ANSWER', score: 0 }] };
    expect((await ask('tell me about lisbon', { offline: zero })).text).not.toContain('FAQ ANSWER');
  });

  it("answers a message much like one the creator corrected with the creator's answer, before the FAQ", async () => {
    const offline = {
      ...mia,
      faqMatches: [{ question: 'Which city should I visit?', answer: 'FAQ ANSWER', score: 0.9 }],
      examples: [
        { fanText: 'Which city should I visit in spring?', answerText: 'Porto in May, trust me.', score: 0.62 },
        { fanText: 'Any city tips?', answerText: 'Lisbon!', score: 0.7 },
      ],
    };
    expect((await ask('what city would you recommend visiting in the spring?', { offline })).text).toBe('Lisbon!');
    // A weak example only sits in the prompt: the FAQ answers.
    const weak = { ...offline, examples: [{ fanText: 'Any city tips?', answerText: 'Lisbon!', score: 0.55 }] };
    expect((await ask('what city would you recommend?', { offline: weak })).text).toContain('FAQ ANSWER');
    // A picture request still gets its photo.
    const photo = { ...mia, examples: [{ fanText: 'send me a pic', answerText: 'Not today!', score: 0.9 }] };
    expect((await ask('send me a pic', { offline: photo })).functionCall?.name).toBe(imageFunction.name);
  });

  it('gives a conversation starter its static answer', async () => {
    expect((await ask('what is your favourite place?')).text).toBe('Ericeira at sunset, every single time 🌅');
  });

  it('says honestly that it is an AI twin when asked whether it is a real person', async () => {
    for (const question of [
      'Are you a real person?',
      'wait is this really Mia or a bot??',
      'Am I talking to a human right now?',
    ]) {
      expect((await ask(question)).text).toMatch(/^(I'm Mia's AI twin, not Mia in person|Honest answer: I'm an AI twin of Mia,)/);
    }
    // "Real" elsewhere is not the question.
    expect((await ask('that sunset looked unreal, is it a real photo spot?')).text).not.toMatch(/AI twin/);
  });

  it('greets back in character', async () => {
    const text = (await ask('hey mia!')).text ?? '';
    expect(text.length).toBeGreaterThan(10);
    expect(text).not.toMatch(/undefined|null|\{\{/);
  });

  it('builds persona replies from the material, with facts in the first person', async () => {
    const text = (await ask('tell me about your cat')).text ?? '';
    expect(text).toContain('I have a rescue cat called Churro.');
  });

  it('says every kind of fact about itself: verbs, descriptions, favourites and later verbs in the first person', async () => {
    const withFacts = (facts: string[]): Partial<LlmRequest> => ({ offline: { ...mia, facts } });
    const cases: [string, string, string][] = [
      [
        'Travel and lifestyle creator with 1.2M followers on Instagram',
        'how many instagram followers',
        "I'm a travel and lifestyle creator with 1.2M followers on Instagram.",
      ],
      [
        'Favourite dish: her grandmother’s seafood paella',
        'favourite dish?',
        'My favourite dish: my grandmother’s seafood paella.',
      ],
      [
        'Learned to surf in Ericeira and still falls off the board a lot',
        'do you surf in ericeira',
        'I learned to surf in Ericeira and still fall off the board a lot.',
      ],
      ['Watches anime and reads manga', 'any anime', 'I watch anime and read manga.'],
      ['Born in Valencia', 'where were you born', 'I was born in Valencia.'],
    ];
    for (const [fact, question, said] of cases) {
      expect((await ask(question, withFacts([fact]))).text, fact).toContain(said);
    }
  });

  it('never repeats itself in a long conversation: no opening twice, each fact told once', async () => {
    const material: OfflineMaterial = {
      ...mia,
      facts: [
        'Travel and lifestyle creator with 1.2M followers on Instagram',
        'Has a rescue cat called Churro',
        'Lives in Lisbon',
      ],
    };
    const conversation: LlmRequest['messages'] = [{ role: 'system', content: 'You are Mia.' }];
    const replies: string[] = [];
    for (const message of ['lol', 'ok', 'nice', 'cool', 'haha', 'ok', 'lol', 'sure', 'yes', 'hmm', 'nice', 'ok']) {
      conversation.push({ role: 'user', content: message });
      const text = (await ask(message, { messages: [...conversation], offline: material })).text ?? '';
      conversation.push({ role: 'assistant', content: text });
      replies.push(text);
    }
    const openings = replies.map((text) => text.split(' ').slice(0, 3).join(' '));
    expect(new Set(openings).size, replies.join('\n')).toBe(replies.length);
    for (const fact of ['1.2M followers', 'Churro', 'Lisbon']) {
      expect(replies.filter((text) => text.includes(fact)).length, `${fact} told at most once`).toBeLessThanOrEqual(1);
    }
    for (const text of replies) expect(text).not.toMatch(/Fun fact|\bher\b|\bshe\b/);
  });

  it('is deterministic for the same conversation and varies across messages', async () => {
    const messages = ['lol', 'ok', 'I like pizza', 'what are you doing', 'nice', 'cool story', 'haha yes', 'where are you'];
    const first = await Promise.all(messages.map((message) => ask(message)));
    const second = await Promise.all(messages.map((message) => ask(message)));
    expect(second.map((response) => response.text)).toEqual(first.map((response) => response.text));
    expect(new Set(first.map((response) => response.text)).size).toBeGreaterThanOrEqual(4);
    for (const response of first) expect(response.text).not.toMatch(/undefined|null|\{\{|\s{2}/);
  });

  it('does not repeat its previous reply to the same message', async () => {
    const previous = (await ask('ok')).text ?? '';
    const next = await ask('ok', {
      messages: [
        { role: 'user', content: 'ok' },
        { role: 'assistant', content: previous },
        { role: 'user', content: 'ok' },
      ],
    });
    expect(next.text).not.toBe(previous);
  });

  it('never throws for thin input: no material, no messages, empty text', async () => {
    const bare = { model: 'm', temperature: 1, functions: [] };
    await expect(llm.complete({ ...bare, messages: [] })).resolves.toMatchObject({ engine: 'offline' });
    const response = await llm.complete({ ...bare, messages: [{ role: 'user', content: '' }] });
    expect(response.text).toBeTruthy();
    const empty: OfflineMaterial = { ...mia, twinName: '', purpose: null, personalityTraits: [], interests: [], facts: [] };
    for (const message of ['hi', 'pic', 'voice', 'whatever']) {
      const reply = await ask(message, { offline: empty });
      expect(reply.text).toBeTruthy();
      expect(reply.text).not.toMatch(/undefined|null/);
    }
  });

  it('embeds offline: one normalised vector per text', async () => {
    const vectors = await llm.embed(['How do credits work?', 'Where do you live?']);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 10);
    expect(await llm.embed([])).toEqual([]);
  });
});

describe("the offline twin's knowledge", () => {
  const blog = {
    sourceTitle: 'Summer in Lisbon',
    heading: null,
    text: 'I spent the summer in Lisbon. My favourite pastry was the pastel de nata from Manteigaria. I went every morning.',
    score: 0.5,
  };

  it('says the sentences of the best passage that fit the question, from the best fitting one on', async () => {
    const reply = await ask('Which pastry did you love most?', { offline: { ...mia, passages: [blog] } });
    expect(reply.text).toContain('My favourite pastry was the pastel de nata from Manteigaria. I went every morning.');
    expect(reply.text).not.toContain('I spent the summer');
  });

  it('drops an interview transcript’s speaker labels and questions, and keeps a chat reply short', () => {
    const interview = {
      ...blog,
      text: `Host: Where did you learn to surf?\nMia: In Ericeira, when I was twelve. ${'It was cold. '.repeat(40)}`,
      score: 0.4,
    };
    const said = passageAnswer([interview], 'where did you learn to surf') ?? '';
    expect(said.startsWith('In Ericeira, when I was twelve.')).toBe(true);
    expect(said.length).toBeLessThanOrEqual(320);
    expect(said).not.toContain('Host');
  });

  it('leaves a passage under the threshold to small talk, and the FAQ comes first', async () => {
    expect(passageAnswer([{ ...blog, score: offlinePassageMinScore - 0.01 }], 'pastry?')).toBeUndefined();
    const faq = { question: 'Favourite pastry?', answer: 'Pastel de nata, always.', score: 0.9 };
    const reply = await ask('Which pastry did you love most?', { offline: { ...mia, passages: [blog], faqMatches: [faq] } });
    expect(reply.text).toContain('Pastel de nata, always.');
  });

  it('says a passage about the creator in the first person', () => {
    const said = passageAnswer([{ ...blog, text: 'Grew up in Porto with three sisters.' }], 'where did you grow up');
    expect(said).toBe('I grew up in Porto with three sisters.');
  });
});

describe("the offline twin's photo captions", () => {
  // The first-person caption "My … moment" once read "My any madeira moment" (issue 26).
  const interests = ['traveling', 'photography', 'yoga', 'cooking', 'surfing'];
  it('names what the fan asked to see in one or two plain words, or nothing', () => {
    expect(captionTopic('any madeira', interests)).toBe('madeira');
    expect(captionTopic('some churro', interests)).toBe('churro');
    expect(captionTopic('beach sunset', interests)).toBe('beach sunset');
    expect(captionTopic('latest surfing', interests)).toBe('surfing');
    expect(captionTopic('re wearing', interests)).toBeUndefined();
    expect(captionTopic('beach yesterday', interests)).toBe('beach');
    expect(captionTopic('2024 lisbon', interests)).toBe('lisbon');
    expect(captionTopic('red dress rooftop party', interests)).toBeUndefined();
    expect(captionTopic('any', interests)).toBeUndefined();
  });

  it('never writes a mangled caption, whatever the turn', async () => {
    const requests = [
      'Do you have any madeira pics?',
      'can I see some more photos of churro',
      "show me a pic of what you're wearing",
      'send a selfie from yesterday at the beach',
      'any new pics from your latest trip??',
      'pic of you surfing pls',
    ];
    const captions = new Set<string>();
    for (const request of requests) {
      for (let turn = 0; turn < 8; turn++) {
        const history = Array.from({ length: turn }, () => ({ role: 'assistant' as const, content: 'Hi!' }));
        const response = await ask(request, {
          messages: [{ role: 'system', content: 'You are Mia.' }, ...history, { role: 'user', content: request }],
        });
        captions.add(response.text ?? '');
      }
    }
    const topics = [...captions].flatMap((caption) => /My (.+) moment/.exec(caption)?.[1] ?? []);
    expect(topics.length, 'the topic caption is among those written').toBeGreaterThan(0);
    for (const topic of topics) expect(['madeira', 'churro', 'beach', 'trip', 'surfing']).toContain(topic);
  });
});
