import { describe, expect, it } from 'vitest';
import { handleMessages } from '../onboarding/handle.ts';
import {
  type AdminTalentUpdateFormInput,
  adminTalentCreateInput,
  adminTalentMessages,
  adminTalentsListInput,
  adminTalentUpdateInput,
  isShareStep,
  ppmToShare,
  shareToPpm,
} from './talents.ts';

const valid: AdminTalentUpdateFormInput = {
  talentId: 't1',
  name: 'Mia',
  tag: 'mia',
  gender: 'FEMALE',
  age: 25,
  isAdult: true,
  creditsToSendMessage: 1,
  creditsToUnlockImage: 5,
  creditsToUnlockAudio: 3,
  creditsToUnlockFirstImage: null,
  subscriptionProductId: '',
  chatMessageForAuth: 'Sign in to keep chatting',
  chatMessageForCheckout: '',
  chatMessageForSubscription: null,
  chatMessageSuggestions: [{ text: 'What do you do?', answer: null }],
  initialChatMessages: [{ text: 'Hi!' }],
  voiceId: '',
  purpose: null,
  personalityTraits: [],
  interests: [],
  facts: [],
  chatPrompt: '',
  hasCustomChatPrompt: false,
  revenueShare: 0.6,
  chatExampleCount: 5,
  chatExamples: [{ requestText: 'Hi', responseText: 'Hey you' }],
  llmType: 'OPENAI',
  llmTemperature: 1,
  llmModelId: 'gpt-3.5-turbo',
  llmFineTunedModelId: '',
  faqId: null,
  referralRevenueShareForInviter: 0.03,
  referralRevenueShareForInvitees: 0.03,
  staticAttachments: [{ id: 'a1', context: 'beach' }],
};

/** The field errors of an update with `changes`, keyed by dotted path. */
function errorsOf(changes: Partial<Record<keyof AdminTalentUpdateFormInput, unknown>>): Record<string, string[]> {
  const result = adminTalentUpdateInput.safeParse({ ...valid, ...changes });
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    errors[path] = [...(errors[path] ?? []), issue.message];
  }
  return errors;
}

describe('admin talent settings (docs/product-rules.md#admin-forms)', () => {
  it('accepts a complete form and stores blank optional text as none', () => {
    const parsed = adminTalentUpdateInput.parse(valid);
    expect(parsed.subscriptionProductId).toBeNull();
    expect(parsed.chatMessageForCheckout).toBeNull();
    expect(parsed.llmFineTunedModelId).toBeNull();
    expect(parsed.age).toBe(25);
  });

  it('requires a name and a tag ("Required")', () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: ['Required'] });
    expect(errorsOf({ tag: '' })).toEqual({ tag: ['Required'] });
  });

  it('holds the tag to the onboarding handle rule, normalised', () => {
    expect(adminTalentUpdateInput.parse({ ...valid, tag: ' @Mia_M ' }).tag).toBe('mia_m');
    expect(errorsOf({ tag: 'ab' })).toEqual({ tag: [handleMessages.tooShort] });
    expect(errorsOf({ tag: '1mia' })).toEqual({ tag: [handleMessages.start] });
    expect(errorsOf({ tag: 'admin' })).toEqual({ tag: [handleMessages.reserved] });
  });

  it('takes an age that is a whole number above 0, or none', () => {
    expect(adminTalentUpdateInput.parse({ ...valid, age: '' }).age).toBeNull();
    expect(adminTalentUpdateInput.parse({ ...valid, age: null }).age).toBeNull();
    expect(adminTalentUpdateInput.parse({ ...valid, age: 1 }).age).toBe(1);
    expect(errorsOf({ age: 0 })).toEqual({ age: [adminTalentMessages.agePositive] });
    expect(errorsOf({ age: -3 })).toEqual({ age: [adminTalentMessages.agePositive] });
    expect(errorsOf({ age: 20.5 })).toEqual({ age: [adminTalentMessages.ageWhole] });
    expect(errorsOf({ age: 'old' })).toEqual({ age: [adminTalentMessages.ageWhole] });
  });

  it('takes whole prices from 0, and the first-image price only as a number or null', () => {
    expect(adminTalentUpdateInput.parse({ ...valid, creditsToSendMessage: 0, creditsToUnlockFirstImage: 0 })).toMatchObject({
      creditsToSendMessage: 0,
      creditsToUnlockFirstImage: 0,
    });
    expect(errorsOf({ creditsToUnlockImage: -1 })).toEqual({ creditsToUnlockImage: [adminTalentMessages.priceMin] });
    expect(errorsOf({ creditsToUnlockAudio: 1.5 })).toEqual({ creditsToUnlockAudio: [adminTalentMessages.priceWhole] });
    expect(errorsOf({ creditsToSendMessage: '' })).toEqual({ creditsToSendMessage: ['Required'] });
    expect(errorsOf({ creditsToUnlockFirstImage: '' })).toEqual({ creditsToUnlockFirstImage: ['Required'] });
  });

  it('takes revenue and referral shares from 0 to 1 in steps of 0.001', () => {
    for (const field of ['revenueShare', 'referralRevenueShareForInviter', 'referralRevenueShareForInvitees'] as const) {
      expect(errorsOf({ [field]: 1.001 })).toEqual({ [field]: [adminTalentMessages.shareRange] });
      expect(errorsOf({ [field]: -0.001 })).toEqual({ [field]: [adminTalentMessages.shareRange] });
      expect(errorsOf({ [field]: 0.0005 })).toEqual({ [field]: [adminTalentMessages.shareStep] });
      expect(errorsOf({ [field]: '' })).toEqual({ [field]: ['Required'] });
      expect(errorsOf({ [field]: 0 })).toEqual({});
      expect(errorsOf({ [field]: 1 })).toEqual({});
    }
  });

  it('converts shares to parts per million exactly, and back', () => {
    for (const [share, ppm] of [
      [0, 0],
      [0.001, 1000],
      [0.03, 30_000],
      [0.035, 35_000],
      [0.1, 100_000],
      [0.6, 600_000],
      [0.999, 999_000],
      [1, 1_000_000],
    ] as const) {
      expect(isShareStep(share)).toBe(true);
      expect(shareToPpm(share)).toBe(ppm);
      expect(ppmToShare(ppm)).toBe(share);
    }
    // Every step of the grid survives the round trip.
    for (let ppm = 0; ppm <= 1_000_000; ppm += 1000) expect(shareToPpm(ppmToShare(ppm))).toBe(ppm);
    expect(isShareStep(0.0301)).toBe(false);
  });

  it('takes a temperature of at least 0 and a whole example count from 0', () => {
    expect(errorsOf({ llmTemperature: -0.01 })).toEqual({ llmTemperature: [adminTalentMessages.temperatureMin] });
    expect(errorsOf({ llmTemperature: 0 })).toEqual({});
    expect(errorsOf({ chatExampleCount: -1 })).toEqual({ chatExampleCount: [adminTalentMessages.countMin] });
    expect(errorsOf({ chatExampleCount: 2.5 })).toEqual({ chatExampleCount: [adminTalentMessages.countWhole] });
  });

  it('needs a request and a response in every chat example', () => {
    expect(errorsOf({ chatExamples: [{ requestText: ' ', responseText: '' }] })).toEqual({
      'chatExamples.0.requestText': ['Required'],
      'chatExamples.0.responseText': ['Required'],
    });
  });

  it('needs text in every welcome message and conversation starter, three at most', () => {
    expect(errorsOf({ initialChatMessages: [{ text: '' }] })).toEqual({ 'initialChatMessages.0.text': ['Required'] });
    expect(errorsOf({ chatMessageSuggestions: [{ text: ' ' }] })).toEqual({ 'chatMessageSuggestions.0.text': ['Required'] });
    const four = [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }];
    expect(Object.keys(errorsOf({ initialChatMessages: four }))).toEqual(['initialChatMessages']);
    expect(Object.keys(errorsOf({ chatMessageSuggestions: four }))).toEqual(['chatMessageSuggestions']);
  });

  it('needs an image context of 3 to 40 characters, with the documented messages', () => {
    expect(errorsOf({ staticAttachments: [{ id: 'a1', context: 'ab' }] })).toEqual({
      'staticAttachments.0.context': ['Context must be at least 3 characters long'],
    });
    expect(errorsOf({ staticAttachments: [{ id: 'a1', context: 'x'.repeat(41) }] })).toEqual({
      'staticAttachments.0.context': ['Context must be less than 40 characters'],
    });
    expect(errorsOf({ staticAttachments: [{ id: 'a1', context: 'x'.repeat(40) }] })).toEqual({});
  });

  it('needs the custom chat prompt’s text when it is switched on', () => {
    expect(errorsOf({ hasCustomChatPrompt: true, chatPrompt: ' ' })).toEqual({
      chatPrompt: [adminTalentMessages.chatPromptRequired],
    });
  });

  it('keeps traits and interests within their maximum, none being allowed', () => {
    expect(errorsOf({ personalityTraits: ['SWEET', 'CARING', 'FUNNY', 'CASUAL'] })).toEqual({
      personalityTraits: ['Please select at most 3 item(s)'],
    });
    expect(errorsOf({ interests: ['A', 'B', 'C', 'D', 'E', 'F'] })).toEqual({ interests: ['Please select at most 5 item(s)'] });
  });

  it('requires the model id and a known model type', () => {
    expect(errorsOf({ llmModelId: '' })).toEqual({ llmModelId: ['Required'] });
    expect(Object.keys(errorsOf({ llmType: 'CLAUDE' }))).toEqual(['llmType']);
  });
});

describe('create talent and the list (docs/product-rules.md#admin-forms, #admin-back-office)', () => {
  it('requires a non-empty name ("Required")', () => {
    expect(adminTalentCreateInput.safeParse({ name: '   ' }).error?.issues.map((issue) => issue.message)).toEqual(['Required']);
    expect(adminTalentCreateInput.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(['Required']);
    expect(adminTalentCreateInput.parse({ name: ' Mia ' })).toEqual({ name: 'Mia' });
  });

  it('lists by chats with no search and every twin unless told otherwise', () => {
    expect(adminTalentsListInput.parse({})).toEqual({ search: '', sort: 'chats', consent: 'all' });
    expect(adminTalentsListInput.parse({ search: ' mi ', sort: 'createdAt', consent: 'missing' })).toEqual({
      search: 'mi',
      sort: 'createdAt',
      consent: 'missing',
    });
    expect(adminTalentsListInput.safeParse({ consent: 'given' }).success).toBe(false);
  });
});
