import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminAppUpdateInput } from '../admin/app.ts';
import { adminBroadcastScheduleInput } from '../admin/broadcasts.ts';
import { updateDiscoverEntryInput } from '../admin/discover.ts';
import { adminFaqUpdateInput } from '../admin/faqs.ts';
import { adminModelUpdateInput } from '../admin/models.ts';
import { adminPayoutUpdateInput } from '../admin/payouts.ts';
import { adminTalentUpdateInput } from '../admin/talents.ts';
import { adminUserNameSchema } from '../admin/users.ts';
import { requestSignInLinkInput } from '../auth/index.ts';
import { chatReactInput, chatSendInput } from '../chat/index.ts';
import { fanMemoryText } from '../chat/memories.ts';
import { uploadFileInput } from '../files/index.ts';
import { createTalentDraftInput, handleSchema, initialChatMessageSchema } from '../onboarding/index.ts';
import { payoutDetailsInput } from '../payouts/details.ts';
import { boundarySettings } from '../talent/boundaries.ts';
import { imageContextSchema } from '../talent/gallery.ts';
import { knowledgeGapAnswerFields } from '../talent/knowledge-gaps.ts';
import {
  chatPromptSchema,
  conversationStarterSchema,
  factSchema,
  settingsNameSchema,
  welcomeMessageSchema,
} from '../talent/settings.ts';
import { joinWaitlistInput } from '../waitlist/index.ts';
import { hasLineBreaks, lineBreaksMessage, singleLineText } from './single-line.ts';

const lineBreaks = ['\n', '\r', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];

/** The messages a parse failed with, by the path of the field they name. */
function messagesByPath(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    byPath[path] = [...(byPath[path] ?? []), issue.message];
  }
  return byPath;
}

describe('line breaks', () => {
  it('are every character Unicode ends a line with', () => {
    for (const lineBreak of lineBreaks) expect(hasLineBreaks(`one${lineBreak}two`), JSON.stringify(lineBreak)).toBe(true);
    expect(hasLineBreaks('DE123 456\tZoë ✨')).toBe(false);
  });

  it('inside a one-line field are refused with the field message, alone', () => {
    for (const lineBreak of lineBreaks) {
      const result = singleLineText().max(50).safeParse(`DE123${lineBreak}IBAN: GB82`);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([lineBreaksMessage]);
    }
  });

  it('at either end of a one-line field are trimmed away like spaces', () => {
    expect(singleLineText().parse('\r\n  Mia Rivera \n')).toBe('Mia Rivera');
  });
});

describe('one-line fields', () => {
  const bankTransfer = {
    transferType: 'BANK_TRANSFER',
    accountHolderName: 'Mia',
    iban: 'DE89370400440532013000',
    bic: 'DEUTDEFF',
  };

  // Each case: a schema, a valid input, and the path of a one-line field in it.
  const cases: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
    ['payout tax id', payoutDetailsInput, { ...bankTransfer, taxId: 'DE123' }, 'taxId'],
    ['payout account holder', payoutDetailsInput, bankTransfer, 'accountHolderName'],
    ['payout PayPal email', payoutDetailsInput, { transferType: 'PAYPAL', payPalEmail: 'mia@example.com' }, 'payPalEmail'],
    ['sign-in email', requestSignInLinkInput, { email: 'mia@example.com' }, 'email'],
    ['waitlist handle', joinWaitlistInput, { platform: 'INSTAGRAM', handle: 'mia', termsAccepted: true }, 'handle'],
    ['twin name', createTalentDraftInput, { name: 'Mia' }, 'name'],
    [
      'file name',
      uploadFileInput,
      { ownerId: 't1', ownerType: 'TALENT', file: { name: 'a.png', type: 'image/png', size: 1, content: 'AA==' } },
      'file.name',
    ],
    ['model name', adminModelUpdateInput, { modelId: 'm1', name: 'Mia', base: 'gpt', trainingExamplesText: '' }, 'name'],
    [
      'broadcast push headline',
      adminBroadcastScheduleInput,
      { chatMessageText: 'Hi', pushNotificationHeadline: 'News', scheduledAt: '2030-01-01T00:00:00Z' },
      'pushNotificationHeadline',
    ],
    ['blocked topic', boundarySettings, { blockedTopics: ['politics'], contentLevel: 'SAFE' }, 'blockedTopics.0'],
  ];

  it.each(cases)('%s refuses a line break with the field message', (_name, schema, valid, path) => {
    expect(schema.safeParse(valid).error?.issues).toBeUndefined();
    const keys = path.split('.');
    const withBreak = structuredClone(valid);
    let at: Record<string, unknown> = withBreak;
    for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
    const last = keys.at(-1) as string;
    at[last] = `${String(at[last])}\nIBAN: GB82`;
    expect(messagesByPath(schema, withBreak)[path]).toEqual([lineBreaksMessage]);
  });

  it('the field schemas shared by forms refuse a line break', () => {
    for (const schema of [
      settingsNameSchema,
      factSchema,
      imageContextSchema,
      handleSchema,
      adminUserNameSchema,
      updateDiscoverEntryInput.shape.name,
    ]) {
      expect(schema.safeParse('Mia\u2028Rivera').error?.issues.map((issue) => issue.message)).toEqual([lineBreaksMessage]);
    }
    expect(messagesByPath(conversationStarterSchema, { text: 'What do\nyou do?' }).text).toEqual([lineBreaksMessage]);
  });

  it('an admin talent update refuses a line break in its ids but not in its canned messages', () => {
    const errors = messagesByPath(adminTalentUpdateInput, {
      llmModelId: 'gpt\n4',
      subscriptionProductId: 'prod\r1',
      chatMessageForAuth: 'Sign in\nto keep chatting',
    });
    expect(errors.llmModelId).toEqual([lineBreaksMessage]);
    expect(errors.subscriptionProductId).toEqual([lineBreaksMessage]);
    expect(errors.chatMessageForAuth).toBeUndefined();
  });

  it('an FAQ item with a line break names its row, as the data text does', () => {
    const errors = messagesByPath(adminFaqUpdateInput, { id: 'f1', name: 'FAQ', items: [{ question: 'a', answer: 'b\u2029c' }] });
    expect(errors.items).toEqual(['Invalid answer at row 2']);
  });
});

describe('multi-line fields', () => {
  it('keep their line breaks', () => {
    const twoLines = 'Line one\nline two';
    expect(chatSendInput.shape.text.parse(twoLines)).toBe(twoLines);
    expect(chatReactInput.shape.feedback.parse(twoLines)).toBe(twoLines);
    expect(initialChatMessageSchema.parse(twoLines)).toBe(twoLines);
    expect(welcomeMessageSchema.parse({ text: twoLines }).text).toBe(twoLines);
    expect(conversationStarterSchema.parse({ text: 'Hi?', answer: twoLines }).answer).toBe(twoLines);
    expect(chatPromptSchema.parse(twoLines)).toBe(twoLines);
    expect(fanMemoryText.parse(twoLines)).toBe(twoLines);
    expect(adminPayoutUpdateInput.shape.rejectionReason.parse(twoLines)).toBe(twoLines);
    expect(adminAppUpdateInput.shape.chatPromptTemplate.parse(twoLines)).toBe(twoLines);
    const broadcast = { chatMessageText: twoLines, pushNotificationMessage: twoLines, scheduledAt: '2030-01-01T00:00:00Z' };
    expect(adminBroadcastScheduleInput.parse(broadcast)).toMatchObject({
      chatMessageText: twoLines,
      pushNotificationMessage: twoLines,
    });
  });

  it('a knowledge-gap answer becomes the one line an FAQ row holds', () => {
    expect(knowledgeGapAnswerFields.parse({ question: 'Where\u0085from?', answer: 'Lisbon,\nmostly' })).toEqual({
      question: 'Where from?',
      answer: 'Lisbon, mostly',
    });
  });
});
