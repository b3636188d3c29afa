import { LlmError } from '@doppel/domain/ports';
import { describe, expect, it } from 'vitest';
import { createRecordingTts, createScriptedLlm } from './in-memory.ts';

const request = { model: 'm', temperature: 1, messages: [{ role: 'user' as const, content: 'hello' }], functions: [] };

describe('in-memory doubles', () => {
  it('scripted LLM answers scripted outcomes in order, then a default reply', async () => {
    const llm = createScriptedLlm();
    llm.script({ text: 'first' }, new LlmError('boom', true));
    expect(await llm.complete(request)).toEqual({ text: 'first', functionCall: null, usage: null, engine: 'openai' });
    await expect(llm.complete(request)).rejects.toMatchObject({ name: 'LlmError', retryable: true });
    expect((await llm.complete(request)).text).toBeTruthy();
    expect(llm.requests).toHaveLength(3);
  });

  it('recording TTS returns MP3 bytes and can fail once', async () => {
    const tts = createRecordingTts();
    const voice = { id: 'v', stability: 0.5, similarityBoost: 0.5, style: 0, model: 'm' };
    tts.failNext();
    await expect(tts.synthesize({ text: 'a', voice, speaker: 'Mia Moreno' })).rejects.toMatchObject({ code: 'FAILED' });
    expect((await tts.synthesize({ text: 'b', voice, speaker: 'Mia Moreno' })).contentType).toBe('audio/mpeg');
    expect(tts.calls.map((call) => call.text)).toEqual(['a', 'b']);
  });
});
