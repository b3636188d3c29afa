import { type AdminAppSettings, adminAppUpdateInput } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { newVoiceRow, valuesOf } from './app-form-values.ts';

const settings: AdminAppSettings = {
  chatPromptTemplate: 'You are {{name}}.',
  chatPromptTemplateForFaq: 'FAQ {{faq}}',
  talentChatPromptTemplate: 'Talking with {{name}}.',
  referralRevenueShare: 0.03,
  llmFunctionTemperature: 0.2,
  functionSchemaConfig: {
    generateImageAttachment: {
      name: 'generate_image_attachment',
      description: 'd',
      contextDescription: 'c',
      successTextDescription: 's',
      failureTextDescription: 'f',
    },
    generateAudioAttachment: {
      name: 'generate_audio_attachment',
      description: 'd',
      successTextDescription: 's',
      failureTextDescription: 'f',
    },
  },
  voices: [
    {
      id: 'v1',
      name: 'Rachel',
      sampleFilePath: 'public/voice-sample/v1.mp3',
      stability: 0.5,
      similarityBoost: 0.7,
      style: 0,
      model: 'eleven_monolingual_v1',
      gender: 'FEMALE',
    },
  ],
  minVersion: { talent: '1.0.0' },
  emptyChatMessageText: '',
  subscriptionPriceMinCents: 499,
  subscriptionPriceMaxCents: 4_999,
  updatedAt: '2030-01-01T00:00:00.000Z',
};

describe('App page form values', () => {
  it('keys stored voices by their id and round-trip to the stored payload', () => {
    const values = valuesOf(settings);
    expect(values.voices[0]?.key).toBe('v1');
    const { updatedAt: _, ...payload } = settings;
    expect(adminAppUpdateInput.parse(values)).toEqual(payload);
  });

  it('starts a new voice blank with the defaults of docs/product-rules.md#constants-and-limits and a key of its own', () => {
    const [a, b] = [newVoiceRow(), newVoiceRow()];
    expect(a).toMatchObject({ id: '', name: '', sampleFilePath: '', stability: 0.5, similarityBoost: 0.7, style: 0 });
    expect(a).toMatchObject({ model: 'eleven_monolingual_v1', gender: 'FEMALE' });
    expect(a.key).not.toBe(b.key);
  });
});
