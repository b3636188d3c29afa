import { describe, expect, it } from 'vitest';
import { messages } from '../common/messages.ts';
import { subscriptionPriceMessages } from '../payments/subscription-price.ts';
import {
  adminAppMessages,
  adminAppUpdateInput,
  appDescriptionMax,
  appFunctionNameMax,
  appTemplateMax,
  appVoicesMax,
  newVoiceDefaults,
} from './app.ts';
import { adminTalentMessages } from './talents.ts';

type Issue = { message: string; path: PropertyKey[] };
const issuesOf = (input: unknown): Issue[] => adminAppUpdateInput.safeParse(input).error?.issues ?? [];
const messagesOf = (input: unknown) => issuesOf(input).map((issue) => issue.message);
/** The messages reported at one field, by its dotted path. */
const messagesAt = (input: unknown, path: string) =>
  issuesOf(input)
    .filter((issue) => issue.path.join('.') === path)
    .map((issue) => issue.message);

const voice = {
  id: '21m00Tcm4TlvDq8ikWAM',
  name: 'Rachel',
  sampleFilePath: 'public/voice-sample/abc.mp3',
  stability: 0.5,
  similarityBoost: 0.7,
  style: 0,
  model: 'eleven_monolingual_v1',
  gender: 'FEMALE',
};

const valid = {
  chatPromptTemplate: 'You are {{name}}.',
  chatPromptTemplateForFaq: 'You are {{name}}. FAQ: {{faq}}',
  talentChatPromptTemplate: 'You are talking with {{name}}.',
  referralRevenueShare: 0.03,
  llmFunctionTemperature: 0.2,
  functionSchemaConfig: {
    generateImageAttachment: {
      name: 'generate_image_attachment',
      description: 'Send a photo.',
      contextDescription: 'What the photo shows.',
      successTextDescription: 'A caption.',
      failureTextDescription: 'When there is none.',
    },
    generateAudioAttachment: {
      name: 'generate_audio_attachment',
      description: 'Send a voice note.',
      successTextDescription: 'The words.',
      failureTextDescription: 'When you cannot.',
    },
  },
  voices: [voice],
  minVersion: { talent: '1.2.3' },
  emptyChatMessageText: 'Say hi 👋',
  subscriptionPriceMinCents: 499,
  subscriptionPriceMaxCents: 4_999,
};

const withImage = (changes: Record<string, unknown>) => ({
  ...valid,
  functionSchemaConfig: {
    ...valid.functionSchemaConfig,
    generateImageAttachment: { ...valid.functionSchemaConfig.generateImageAttachment, ...changes },
  },
});
const withVoice = (changes: Record<string, unknown>) => ({ ...valid, voices: [{ ...voice, ...changes }] });

describe('admin app update payload', () => {
  it('accepts the whole config and keeps templates exactly as written', () => {
    const template = '  Line one\n\n  {{name}}  \n';
    expect(adminAppUpdateInput.parse({ ...valid, chatPromptTemplate: template })).toEqual({
      ...valid,
      chatPromptTemplate: template,
    });
  });

  it('needs the three prompt templates, not blank, within the limit', () => {
    for (const field of ['chatPromptTemplate', 'chatPromptTemplateForFaq', 'talentChatPromptTemplate']) {
      expect(messagesAt({ ...valid, [field]: '' }, field)).toEqual([messages.required]);
      expect(messagesAt({ ...valid, [field]: ' \n ' }, field)).toEqual([messages.required]);
      expect(messagesAt({ ...valid, [field]: undefined }, field)).toEqual([messages.required]);
      expect(messagesAt({ ...valid, [field]: 'x'.repeat(appTemplateMax + 1) }, field)).toEqual([
        adminAppMessages.textTooLong(appTemplateMax),
      ]);
    }
  });

  it('takes the referral share from 0 to 1 in steps of 0.001, typed as text too', () => {
    expect(adminAppUpdateInput.parse({ ...valid, referralRevenueShare: '0.035' }).referralRevenueShare).toBe(0.035);
    expect(adminAppUpdateInput.parse({ ...valid, referralRevenueShare: 0 }).referralRevenueShare).toBe(0);
    expect(adminAppUpdateInput.parse({ ...valid, referralRevenueShare: 1 }).referralRevenueShare).toBe(1);
    expect(messagesOf({ ...valid, referralRevenueShare: 1.001 })).toEqual([adminTalentMessages.shareRange]);
    expect(messagesOf({ ...valid, referralRevenueShare: -0.001 })).toEqual([adminTalentMessages.shareRange]);
    expect(messagesOf({ ...valid, referralRevenueShare: 0.0305 })).toEqual([adminTalentMessages.shareStep]);
    expect(messagesOf({ ...valid, referralRevenueShare: 'lots' })).toEqual([adminTalentMessages.shareNumber]);
    expect(messagesOf({ ...valid, referralRevenueShare: '' })).toEqual([messages.required]);
  });

  it('takes the function temperature from 0 to 1', () => {
    expect(adminAppUpdateInput.parse({ ...valid, llmFunctionTemperature: '0.75' }).llmFunctionTemperature).toBe(0.75);
    expect(messagesOf({ ...valid, llmFunctionTemperature: 1.01 })).toEqual([adminAppMessages.temperatureRange]);
    expect(messagesOf({ ...valid, llmFunctionTemperature: -0.1 })).toEqual([adminAppMessages.temperatureRange]);
    expect(messagesOf({ ...valid, llmFunctionTemperature: 'warm' })).toEqual([adminAppMessages.temperatureNumber]);
    expect(messagesOf({ ...valid, llmFunctionTemperature: '' })).toEqual([messages.required]);
  });

  it('allows letters and underscores only in function names, with the documented message', () => {
    for (const name of ['generate image', 'generate-image', 'image2', 'génère', 'x;drop']) {
      expect(messagesAt(withImage({ name }), 'functionSchemaConfig.generateImageAttachment.name')).toEqual([
        adminAppMessages.functionName,
      ]);
    }
    expect(adminAppMessages.functionName).toBe('FunctionName contains invalid characters');
    expect(messagesAt(withImage({ name: '' }), 'functionSchemaConfig.generateImageAttachment.name')[0]).toBe(messages.required);
    expect(
      messagesAt(withImage({ name: 'a'.repeat(appFunctionNameMax + 1) }), 'functionSchemaConfig.generateImageAttachment.name'),
    ).toEqual([adminAppMessages.textTooLong(appFunctionNameMax)]);
    const audio = {
      ...valid,
      functionSchemaConfig: {
        ...valid.functionSchemaConfig,
        generateAudioAttachment: { ...valid.functionSchemaConfig.generateAudioAttachment, name: 'say it' },
      },
    };
    expect(messagesAt(audio, 'functionSchemaConfig.generateAudioAttachment.name')).toEqual([adminAppMessages.functionName]);
    expect(adminAppUpdateInput.safeParse(withImage({ name: 'Send_Photo' })).success).toBe(true);
  });

  it('needs every function description, not blank, within the limit', () => {
    for (const field of ['description', 'contextDescription', 'successTextDescription', 'failureTextDescription']) {
      const path = `functionSchemaConfig.generateImageAttachment.${field}`;
      expect(messagesAt(withImage({ [field]: '  ' }), path)).toEqual([messages.required]);
      expect(messagesAt(withImage({ [field]: 'x'.repeat(appDescriptionMax + 1) }), path)).toEqual([
        adminAppMessages.textTooLong(appDescriptionMax),
      ]);
    }
    for (const field of ['description', 'successTextDescription', 'failureTextDescription']) {
      const audio = {
        ...valid,
        functionSchemaConfig: {
          ...valid.functionSchemaConfig,
          generateAudioAttachment: { ...valid.functionSchemaConfig.generateAudioAttachment, [field]: '' },
        },
      };
      expect(messagesAt(audio, `functionSchemaConfig.generateAudioAttachment.${field}`)).toEqual([messages.required]);
    }
  });

  it('needs each voice id, name, sample path and model, trimmed', () => {
    for (const field of ['id', 'name', 'sampleFilePath', 'model']) {
      expect(messagesAt(withVoice({ [field]: '  ' }), `voices.0.${field}`)).toEqual([messages.required]);
    }
    expect(adminAppUpdateInput.parse(withVoice({ name: '  Rachel  ' })).voices[0]?.name).toBe('Rachel');
  });

  it('takes voice numbers from 0 to 1 in steps of 0.1', () => {
    for (const field of ['stability', 'similarityBoost', 'style']) {
      expect(adminAppUpdateInput.parse(withVoice({ [field]: '0.3' })).voices[0]?.[field as 'style']).toBe(0.3);
      expect(adminAppUpdateInput.parse(withVoice({ [field]: 1 })).voices[0]?.[field as 'style']).toBe(1);
      expect(messagesAt(withVoice({ [field]: 1.1 }), `voices.0.${field}`)).toEqual([adminAppMessages.voiceRange]);
      expect(messagesAt(withVoice({ [field]: -0.1 }), `voices.0.${field}`)).toEqual([adminAppMessages.voiceRange]);
      expect(messagesAt(withVoice({ [field]: 0.25 }), `voices.0.${field}`)).toEqual([adminAppMessages.voiceStep]);
      expect(messagesAt(withVoice({ [field]: 'loud' }), `voices.0.${field}`)).toEqual([adminAppMessages.voiceNumber]);
      expect(messagesAt(withVoice({ [field]: '' }), `voices.0.${field}`)).toEqual([messages.required]);
    }
  });

  it('takes a known gender for each voice', () => {
    expect(messagesAt(withVoice({ gender: 'NEUTRAL' }), 'voices.0.gender')).toEqual([adminAppMessages.gender]);
    expect(adminAppUpdateInput.parse(withVoice({ gender: 'NON_BINARY' })).voices[0]?.gender).toBe('NON_BINARY');
  });

  it('flags a voice id used twice on the second voice, and caps the catalogue', () => {
    const twice = { ...valid, voices: [voice, { ...voice, name: 'Copy' }] };
    expect(messagesAt(twice, 'voices.1.id')).toEqual([adminAppMessages.voiceIdTaken]);
    expect(messagesAt(twice, 'voices.0.id')).toEqual([]);
    const many = { ...valid, voices: Array.from({ length: appVoicesMax + 1 }, (_, i) => ({ ...voice, id: `v${i}` })) };
    expect(messagesOf(many)).toEqual([adminAppMessages.voicesMax]);
    expect(adminAppUpdateInput.parse({ ...valid, voices: [] }).voices).toEqual([]);
  });

  it('gives new voices the defaults of docs/product-rules.md#constants-and-limits', () => {
    expect(newVoiceDefaults).toEqual({
      stability: 0.5,
      similarityBoost: 0.7,
      style: 0,
      model: 'eleven_monolingual_v1',
      gender: 'FEMALE',
    });
    expect(adminAppUpdateInput.safeParse(withVoice(newVoiceDefaults)).success).toBe(true);
  });

  it('needs the minimum talent version as three numbers like 1.2.3', () => {
    expect(adminAppUpdateInput.parse({ ...valid, minVersion: { talent: ' 2.10.0 ' } }).minVersion.talent).toBe('2.10.0');
    for (const talent of ['1.2', 'v1.2.3', '1.2.3.4', 'latest', '1.2.x']) {
      expect(messagesAt({ ...valid, minVersion: { talent } }, 'minVersion.talent')).toEqual([adminAppMessages.version]);
    }
    expect(messagesAt({ ...valid, minVersion: { talent: '' } }, 'minVersion.talent')[0]).toBe(messages.required);
  });

  it('takes the empty chat message as trimmed text, empty allowed', () => {
    expect(adminAppUpdateInput.parse({ ...valid, emptyChatMessageText: '  ' }).emptyChatMessageText).toBe('');
    expect(messagesOf({ ...valid, emptyChatMessageText: 'x'.repeat(501) })).toEqual([adminAppMessages.textTooLong(500)]);
  });
});

describe('the subscription price limits', () => {
  it('takes whole cents, a minimum up to the maximum', () => {
    expect(issuesOf({ ...valid, subscriptionPriceMinCents: 999, subscriptionPriceMaxCents: 999 })).toEqual([]);
  });

  it('puts a minimum above the maximum on the minimum, even while another field is wrong', () => {
    const reversed = { ...valid, subscriptionPriceMinCents: 2_000, subscriptionPriceMaxCents: 1_000 };
    expect(messagesAt(reversed, 'subscriptionPriceMinCents')).toEqual([subscriptionPriceMessages.minAboveMax]);
    expect(messagesAt({ ...reversed, chatPromptTemplate: '' }, 'subscriptionPriceMinCents')).toEqual([
      subscriptionPriceMessages.minAboveMax,
    ]);
  });

  it('asks for both limits as positive whole cents', () => {
    const input = { ...valid, subscriptionPriceMinCents: '', subscriptionPriceMaxCents: 0 };
    expect(messagesAt(input, 'subscriptionPriceMinCents')).toEqual([messages.required]);
    expect(messagesAt(input, 'subscriptionPriceMaxCents')).toEqual([subscriptionPriceMessages.positive]);
    expect(messagesAt({ ...valid, subscriptionPriceMaxCents: 49.99 }, 'subscriptionPriceMaxCents')).toEqual([
      subscriptionPriceMessages.wholeCents,
    ]);
  });
});
