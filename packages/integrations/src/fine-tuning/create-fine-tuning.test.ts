import { FineTuningRefusedError } from '@doppel/domain/ports';
import { describe, expect, it } from 'vitest';
import { createFineTuningRegistry } from './create-fine-tuning.ts';

describe('the fine-tuning registry', () => {
  it('offers the offline fine-tuner alone on a bare machine, and trains OpenAI versions with it', () => {
    const registry = createFineTuningRegistry({});
    expect(registry.providers).toEqual(['offline']);
    expect(registry.defaultProvider).toBe('offline');
    expect(registry.fineTunerFor('openai').engine).toBe('offline');
    expect(registry.fineTunerFor('offline').engine).toBe('offline');
  });

  it('refuses a Together version without its key, in words an admin can act on', async () => {
    const together = createFineTuningRegistry({}).fineTunerFor('together');
    expect(await together.findTrainingFile('v1')).toBeNull();
    expect(await together.findJob('v1')).toBeNull();
    const refusal = together.uploadTrainingFile({ versionId: 'v1', jsonl: '{}' });
    await expect(refusal).rejects.toBeInstanceOf(FineTuningRefusedError);
    await expect(refusal).rejects.toThrow('Together AI is not configured on this server (set TOGETHER_API_KEY).');
  });

  it('offers the configured providers, OpenAI first', () => {
    const registry = createFineTuningRegistry({ openAiApiKey: 'sk-test', togetherApiKey: 'tg-test' });
    expect(registry.providers).toEqual(['openai', 'together']);
    expect(registry.fineTunerFor('together').engine).toBe('together');
  });
});
