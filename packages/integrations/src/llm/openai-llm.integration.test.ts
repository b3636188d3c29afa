// The real `openai` SDK against the local fake OpenAI server (no database needed).
import { LlmError, type LlmFunction, type LlmRequest } from '@doppel/domain/ports';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/index.ts';
import { cosineSimilarity, hashedEmbedding } from '../text/hashed-embedding.ts';
import { createOpenAiLlm } from './openai-llm.ts';

const imageFunction: LlmFunction = {
  name: 'generate_image_attachment',
  description: 'Send the fan a photo.',
  parameters: {
    type: 'object',
    properties: { context: { type: 'string' }, successText: { type: 'string' }, failureText: { type: 'string' } },
    required: ['context', 'successText', 'failureText'],
  },
};

const request: LlmRequest = {
  model: 'ft:gpt-4o-mini:doppel:mia',
  temperature: 0.9,
  messages: [
    { role: 'system', content: 'You are Mia.' },
    { role: 'user', content: 'hey, send me a pic of the beach' },
  ],
  functions: [imageFunction],
};

const failureOf = async (promise: Promise<unknown>): Promise<LlmError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
};

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'sk-test' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('createOpenAiLlm against a fake OpenAI server', () => {
  const llm = () => createOpenAiLlm({ apiKey: 'sk-test', baseURL: fake.url });

  it('maps a plain reply with usage, and sends model, temperature, messages and the tools', async () => {
    fake.script({ text: 'Heyy! Here you go 🌊', usage: { promptTokens: 120, completionTokens: 9 } });
    const response = await llm().complete(request);
    expect(response).toEqual({
      text: 'Heyy! Here you go 🌊',
      functionCall: null,
      usage: { promptTokens: 120, completionTokens: 9, totalTokens: 129 },
      engine: 'openai',
    });
    const [sent] = fake.chatRequests();
    expect(sent?.model).toBe('ft:gpt-4o-mini:doppel:mia');
    expect(sent?.temperature).toBe(0.9);
    expect(sent?.messages).toEqual(request.messages);
    expect(sent?.tool_choice).toBe('auto');
    expect(sent?.tools).toEqual([{ type: 'function', function: imageFunction }]);
    expect(fake.requests[0]?.authorization).toBe('Bearer sk-test');
  });

  it('maps a tool call to functionCall with parsed arguments', async () => {
    const args = { context: 'beach sunset', successText: 'Only for you 📸', failureText: 'No photo yet!' };
    fake.script({ toolCall: { name: 'generate_image_attachment', arguments: args } });
    const response = await llm().complete(request);
    expect(response.functionCall).toEqual({ name: 'generate_image_attachment', arguments: args });
    expect(response.text).toBeNull();
    expect(response.usage?.totalTokens).toBeGreaterThan(0);
  });

  it('keeps text said alongside a tool call', async () => {
    fake.script({ toolCall: { name: 'generate_image_attachment', arguments: { context: 'cat' } }, text: 'Look!' });
    const response = await llm().complete(request);
    expect(response.text).toBe('Look!');
    expect(response.functionCall?.arguments).toEqual({ context: 'cat' });
  });

  it('sends no tools and no tool_choice when there are no functions', async () => {
    fake.script({ text: 'ok' });
    await llm().complete({ ...request, functions: [] });
    const [sent] = fake.chatRequests();
    expect(sent && 'tools' in sent).toBe(false);
    expect(sent && 'tool_choice' in sent).toBe(false);
  });

  it('uses the configured chat model over the request model', async () => {
    fake.script({ text: 'ok' });
    await createOpenAiLlm({ apiKey: 'sk-test', baseURL: fake.url, chatModel: 'local-model' }).complete(request);
    expect(fake.chatRequests()[0]?.model).toBe('local-model');
  });

  it('throws a non-retryable LlmError for malformed tool arguments', async () => {
    fake.script({ toolCall: { name: 'generate_image_attachment', arguments: '{"context": "beach",' } });
    const error = await failureOf(llm().complete(request));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('generate_image_attachment');
    fake.script({ toolCall: { name: 'generate_image_attachment', arguments: '["not", "an", "object"]' } });
    expect((await failureOf(llm().complete(request))).retryable).toBe(false);
  });

  it('throws a retryable LlmError for 500 and 429, without retrying inside the SDK', async () => {
    fake.script({ error: { status: 500, message: 'The server had an error' } });
    const error = await failureOf(llm().complete(request));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('500');
    expect(fake.chatRequests()).toHaveLength(1);
    expect(error.rateLimit).toBeUndefined();
    fake.script({ error: { status: 429, message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } });
    const limited = await failureOf(llm().complete(request));
    expect(limited.retryable).toBe(true);
    expect(limited.rateLimit).toEqual({ provider: 'openai', retryAfterMs: null });
    expect(fake.chatRequests()).toHaveLength(2);
    // With the provider's retry-after: every worker holds off that long (chat/reply/rate-limits.ts).
    fake.script({ error: { status: 429, message: 'Rate limit reached', type: 'requests', retryAfterSeconds: 7 } });
    expect((await failureOf(llm().complete(request, { onText: () => {} }))).rateLimit).toEqual({
      provider: 'openai',
      retryAfterMs: 7000,
    });
  });

  it('throws a non-retryable LlmError for 400 and for a wrong key (401)', async () => {
    fake.script({ error: { status: 400, message: "Invalid value for 'temperature'" } });
    const error = await failureOf(llm().complete(request));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("Invalid value for 'temperature'");
    const wrongKey = await failureOf(createOpenAiLlm({ apiKey: 'sk-wrong', baseURL: fake.url }).complete(request));
    expect(wrongKey.retryable).toBe(false);
    expect(wrongKey.message).toContain('401');
  });

  it('throws a retryable LlmError when the server cannot be reached or is too slow', async () => {
    const closed = await startFakeOpenAi();
    const url = closed.url;
    await closed.close();
    expect((await failureOf(createOpenAiLlm({ apiKey: 'k', baseURL: url }).complete(request))).retryable).toBe(true);
    fake.script({ text: 'late', delayMs: 500 });
    const slow = await failureOf(createOpenAiLlm({ apiKey: 'sk-test', baseURL: fake.url, timeoutMs: 100 }).complete(request));
    expect(slow.retryable).toBe(true);
    // A streamed reply goes out over node:http (node-http-fetch.ts), with the SDK's same errors.
    const streamed = { onText: () => {} };
    const unreachable = await failureOf(createOpenAiLlm({ apiKey: 'k', baseURL: url }).complete(request, streamed));
    expect(unreachable).toMatchObject({ retryable: true, message: expect.stringContaining('could not connect') });
    fake.script({ text: 'late', delayMs: 500 });
    const slowStream = createOpenAiLlm({ apiKey: 'sk-test', baseURL: fake.url, timeoutMs: 100 }).complete(request, streamed);
    expect(await failureOf(slowStream)).toMatchObject({ retryable: true, message: expect.stringContaining('timed out') });
  });

  it('embeds through /v1/embeddings with the default model, vectors in input order', async () => {
    const texts = ['How do credits work?', 'how does the credit system work', 'I love surfing at sunrise'];
    const vectors = await llm().embed(texts);
    expect(vectors).toEqual(texts.map((text) => hashedEmbedding(text)));
    const sent = fake.requests.find((entry) => entry.path === '/v1/embeddings');
    expect(sent?.body).toMatchObject({ model: 'text-embedding-3-small', input: texts });
    const [question, paraphrase, unrelated] = vectors as [number[], number[], number[]];
    expect(cosineSimilarity(question, paraphrase)).toBeGreaterThan(cosineSimilarity(question, unrelated) + 0.3);
    expect(await llm().embed([])).toEqual([]);
  });

  it('sends the embeddings and moderations asked for together in one request each, every caller getting its own', async () => {
    fake.moderate((text) => (text.includes('hate') ? ['hate'] : []));
    const shared = llm();
    const [hi, both, again, calm, hateful] = await Promise.all([
      shared.embed(['hi']),
      shared.embed(['where do you live?', 'hi']),
      shared.embed(['hi']),
      shared.moderate?.('lovely day'),
      shared.moderate?.('I hate you'),
    ]);
    expect(hi).toEqual([hashedEmbedding('hi')]);
    expect(both).toEqual([hashedEmbedding('where do you live?'), hashedEmbedding('hi')]);
    expect(again).toEqual(hi);
    expect(calm).toEqual({ flagged: false, categories: [] });
    expect(hateful).toEqual({ flagged: true, categories: ['hate'] });
    const sent = (path: string) => fake.requests.filter((entry) => entry.path === path).map((entry) => entry.body);
    expect(sent('/v1/embeddings')).toEqual([expect.objectContaining({ input: ['hi', 'where do you live?'] })]);
    expect(sent('/v1/moderations')).toEqual([expect.objectContaining({ input: ['lovely day', 'I hate you'] })]);
  });

  it('decodes base64 embeddings too (the SDK default when the format is not set)', async () => {
    const { default: OpenAI } = await import('openai');
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 });
    const response = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'Where do you live?' });
    const expected = hashedEmbedding('Where do you live?');
    response.data[0]?.embedding.forEach((value, index) => {
      expect(value).toBeCloseTo(expected[index] ?? Number.NaN, 6);
    });
  });

  it('answers from the fallback when nothing is scripted', async () => {
    const response = await llm().complete(request);
    expect(response.text).toBe('Fake reply to: hey, send me a pic of the beach');
  });
});

describe('createOpenAiLlm.checkModel against a fake OpenAI server', () => {
  it('is healthy for a model the server knows, fine-tuned ids with colons included', async () => {
    const known = await startFakeOpenAi({ apiKey: 'sk-test', models: ['gpt-4o-mini', 'ft:gpt-4o-mini:doppel:mia:abc123'] });
    try {
      const llm = createOpenAiLlm({ apiKey: 'sk-test', baseURL: known.url });
      expect(await llm.checkModel?.('gpt-4o-mini')).toEqual({ healthy: true });
      expect(await llm.checkModel?.('ft:gpt-4o-mini:doppel:mia:abc123')).toEqual({ healthy: true });
      expect(known.requests.map((entry) => entry.path)).toEqual([
        '/v1/models/gpt-4o-mini',
        '/v1/models/ft:gpt-4o-mini:doppel:mia:abc123',
      ]);
    } finally {
      await known.close();
    }
  });

  it("answers unhealthy with OpenAI's reason for an unknown model, a wrong key or no server, and never throws", async () => {
    const known = await startFakeOpenAi({ apiKey: 'sk-test', models: ['gpt-4o-mini'] });
    try {
      const missing = await createOpenAiLlm({ apiKey: 'sk-test', baseURL: known.url }).checkModel?.('gpt-retired');
      expect(missing).toEqual({ healthy: false, error: expect.stringContaining("The model 'gpt-retired' does not exist") });
      expect(missing?.healthy === false && missing.error).toContain('404');
      const wrongKey = await createOpenAiLlm({ apiKey: 'sk-wrong', baseURL: known.url }).checkModel?.('gpt-4o-mini');
      expect(wrongKey).toEqual({ healthy: false, error: expect.stringContaining('401') });
    } finally {
      await known.close();
    }
    const closed = await createOpenAiLlm({ apiKey: 'sk-test', baseURL: known.url }).checkModel?.('gpt-4o-mini');
    expect(closed).toEqual({ healthy: false, error: expect.stringContaining('could not connect') });
  });

  it('names the embedding model it uses, so the health check pings it too', () => {
    expect(createOpenAiLlm({ apiKey: 'k' }).embeddingModel).toBe('text-embedding-3-small');
    expect(createOpenAiLlm({ apiKey: 'k', embeddingModel: 'local-embed' }).embeddingModel).toBe('local-embed');
  });
});
