import { describe, expect, it } from 'vitest';
import { imageContextSchema } from './gallery.ts';
import { talentMessages } from './limits.ts';
import {
  conversationStartersSchema,
  factsFromText,
  factsTextSchema,
  monetisationSettingsSchema,
  profileSettingsSchema,
  startersAnsweredByAi,
} from './settings.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('creator settings schemas', () => {
  it('reads facts one per line, dropping blank lines', () => {
    expect(factsFromText(' Lives in Lisbon \n\n  Loves cats\r\n')).toEqual(['Lives in Lisbon', 'Loves cats']);
    expect(factsTextSchema.parse('a\nb')).toEqual(['a', 'b']);
  });

  it('uses the documented context messages at 2 and 41 characters', () => {
    expect(messagesOf(imageContextSchema.safeParse('ab'))).toEqual([talentMessages.contextTooShort]);
    expect(messagesOf(imageContextSchema.safeParse('x'.repeat(41)))).toEqual([talentMessages.contextTooLong]);
    expect(imageContextSchema.parse('  sunset  ')).toBe('sunset');
  });

  it('starts "Answered by AI" on only when no starter has an answer', () => {
    expect(startersAnsweredByAi([])).toBe(true);
    expect(startersAnsweredByAi([{ answer: null }, { answer: '' }])).toBe(true);
    expect(startersAnsweredByAi([{ answer: null }, { answer: 'Yes' }])).toBe(false);
  });

  it('turns an empty answer into none and limits starters to three', () => {
    expect(conversationStartersSchema.parse([{ text: 'Hi?', answer: '' }])).toEqual([{ text: 'Hi?', answer: null }]);
    expect(conversationStartersSchema.safeParse([{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }]).success).toBe(
      false,
    );
  });

  it('needs chat prompt text while the custom prompt is on', () => {
    const profile = {
      name: 'Mia',
      gender: 'FEMALE',
      age: 25,
      hasCustomChatPrompt: true,
      chatPrompt: ' ',
      purpose: 'BANTER',
      personalityTraits: ['SWEET'],
      interests: ['YOGA'],
      facts: [],
    };
    expect(messagesOf(profileSettingsSchema.safeParse(profile))).toEqual([talentMessages.chatPromptRequired]);
    expect(profileSettingsSchema.safeParse({ ...profile, hasCustomChatPrompt: false }).success).toBe(true);
  });

  it('takes whole prices from 1 to 1000 credits, typed as text too', () => {
    expect(
      monetisationSettingsSchema.parse({ creditsToSendMessage: '2', creditsToUnlockImage: 5, creditsToUnlockAudio: 1000 }),
    ).toEqual({
      creditsToSendMessage: 2,
      creditsToUnlockImage: 5,
      creditsToUnlockAudio: 1000,
    });
    expect(
      messagesOf(
        monetisationSettingsSchema.safeParse({ creditsToSendMessage: 0, creditsToUnlockImage: 1.5, creditsToUnlockAudio: 1001 }),
      ),
    ).toEqual([
      'The price must be at least 1 credit',
      'Enter a whole number of credits',
      'The price must be at most 1000 credits',
    ]);
  });
});
