import { type AdminTalent, adminTalentUpdateInput } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { settingsValuesOf, updateInputOf, validateSettings } from './talent-settings-values.ts';

const talent: AdminTalent = {
  id: 't1',
  name: 'Mia',
  tag: 'mia',
  profilePictureUrl: null,
  gender: 'FEMALE',
  age: null,
  isAdult: false,
  creditsToSendMessage: 1,
  creditsToUnlockImage: 5,
  creditsToUnlockAudio: 3,
  creditsToUnlockFirstImage: null,
  subscriptionProductId: null,
  chatMessageForAuth: null,
  chatMessageForCheckout: 'Top up',
  chatMessageForSubscription: null,
  chatMessageSuggestions: [{ id: 's1', text: 'Where do you live?', answer: null }],
  initialChatMessages: [
    {
      id: 'w1',
      text: 'Hi!',
      image: { filePath: 'talents/t1/gallery/a.png', url: '/media/talents/t1/gallery/a.png', dimensions: null },
    },
  ],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  consent: { confirmedAt: null, confirmedBy: null },
  hiddenFromFansAt: null,
  voice: null,
  purpose: null,
  personalityTraits: ['SWEET'],
  interests: [
    { value: 'YOGA', deprecated: false },
    { value: 'KNITTING', deprecated: true },
  ],
  facts: ['Lives in Lisbon', 'Loves cats'],
  chatPrompt: '',
  hasCustomChatPrompt: false,
  revenueShare: 0.6,
  chatExampleCount: 5,
  chatExamples: [{ requestText: 'Hi', responseText: 'Hey' }],
  llmType: 'OPENAI',
  llmTemperature: 1,
  llmModelId: 'gpt-3.5-turbo',
  llmFineTunedModelId: null,
  faqId: null,
  referralTalent: null,
  referralRevenueShareForInviter: 0.03,
  referralRevenueShareForInvitees: 0.03,
  totalPayoutAmountCents: 0,
  payoutDetails: { accountHolderName: null, iban: null, bic: null, taxId: null, payPalEmail: null },
  staticAttachments: [
    {
      id: 'a1',
      url: '/media/talents/t1/gallery/a.png',
      lockedUrl: null,
      width: 10,
      height: 10,
      context: 'beach',
      originalFileName: 'a.png',
      filePath: 'talents/t1/gallery/a.png',
    },
  ],
  counts: { chats: 0, galleryItems: 1, managers: 1 },
  chatPath: '/chat/mia',
  options: { voices: [], faqs: [] },
};

describe('the Settings tab form', () => {
  it('sends an untouched form as a valid update that keeps every stored value', () => {
    const values = settingsValuesOf(talent);
    expect(validateSettings(talent.id, values)).toEqual({});
    const input = adminTalentUpdateInput.parse(updateInputOf(talent.id, values));
    expect(input).toMatchObject({
      talentId: 't1',
      tag: 'mia',
      age: null,
      creditsToUnlockFirstImage: null,
      subscriptionProductId: null,
      chatMessageForCheckout: 'Top up',
      chatMessageSuggestions: [{ id: 's1', text: 'Where do you live?', answer: null }],
      initialChatMessages: [{ id: 'w1', text: 'Hi!', image: { filePath: 'talents/t1/gallery/a.png' } }],
      facts: ['Lives in Lisbon', 'Loves cats'],
      // An interest no longer offered is dropped on save, as on the creator's profile page.
      interests: ['YOGA'],
      voiceId: '',
      faqId: null,
      purpose: null,
      staticAttachments: [{ id: 'a1', context: 'beach' }],
    });
  });

  it('gives the same values for the same talent, so live updates compare equal', () => {
    expect(JSON.stringify(settingsValuesOf(talent))).toBe(JSON.stringify(settingsValuesOf({ ...talent })));
  });

  it('sends the first-image price only with the offer on, and "Required" when it is on but empty', () => {
    const values = settingsValuesOf(talent);
    expect(updateInputOf(talent.id, { ...values, creditsToUnlockFirstImage: 4 }).creditsToUnlockFirstImage).toBeNull();
    expect(
      updateInputOf(talent.id, { ...values, firstImageOffer: true, creditsToUnlockFirstImage: 4 }).creditsToUnlockFirstImage,
    ).toBe(4);
    expect(validateSettings(talent.id, { ...values, firstImageOffer: true, creditsToUnlockFirstImage: '' })).toEqual({
      creditsToUnlockFirstImage: 'Required',
    });
  });

  it('sends starter answers only when they are not answered by AI', () => {
    const values = {
      ...settingsValuesOf(talent),
      chatMessageSuggestions: [{ key: 's1', id: 's1', text: 'Where?', answer: 'Lisbon' }],
    };
    expect(updateInputOf(talent.id, { ...values, answeredByAi: true }).chatMessageSuggestions).toEqual([
      { id: 's1', text: 'Where?', answer: null },
    ]);
    expect(updateInputOf(talent.id, { ...values, answeredByAi: false }).chatMessageSuggestions).toEqual([
      { id: 's1', text: 'Where?', answer: 'Lisbon' },
    ]);
  });

  it('puts each message on the input that shows it', () => {
    const values = settingsValuesOf(talent);
    expect(
      validateSettings(talent.id, {
        ...values,
        name: '',
        age: 0,
        revenueShare: 1.5,
        chatExamples: [{ key: 'e', requestText: '', responseText: 'ok' }],
        staticAttachments: [{ ...values.staticAttachments[0], id: 'a1', context: 'ab', url: '', originalFileName: 'a.png' }],
        facts: 'x'.repeat(400),
      }),
    ).toEqual({
      name: 'Required',
      age: 'Age must be above 0',
      revenueShare: 'The share must be between 0 and 1',
      'chatExamples.0.requestText': 'Required',
      'staticAttachments.0.context': 'Context must be at least 3 characters long',
      facts: 'A fact must be at most 300 characters',
    });
  });
});
