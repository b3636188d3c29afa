import { describe, expect, it } from 'vitest';
import {
  chatFlagBadges,
  engineLabel,
  fanLabel,
  formatScore,
  messageCountLabel,
  messagePreview,
  prettyJson,
  sentDiffers,
  splitSentText,
} from './chat-format.ts';

describe('fanLabel', () => {
  it('prefers the name, then the email, then says the fan is anonymous', () => {
    expect(fanLabel({ name: ' Sam ', email: 'sam@x.dev', isAnonymous: false })).toBe('Sam');
    expect(fanLabel({ name: '', email: 'sam@x.dev', isAnonymous: false })).toBe('sam@x.dev');
    expect(fanLabel({ name: '  ', email: null, isAnonymous: true })).toBe('Anonymous fan');
    expect(fanLabel({ name: '', email: null, isAnonymous: false })).toBe('Unnamed fan');
  });
});

describe('chatFlagBadges', () => {
  it('lists the set flags in the order of docs/product-rules.md#admin-back-office', () => {
    const badges = chatFlagBadges({
      hasUserInteraction: true,
      hasUserInteractionWithNonAnonymousUser: false,
      hasUserInteractionWithPaidCredits: true,
      hasUserInteractionWithSubscription: false,
      hasUserInteractionWithManager: true,
      needsSafetyReview: false,
    });
    expect(badges.map((badge) => badge.label)).toEqual(['Interaction', 'Paid credits', 'Talent manager']);
  });

  it('has no badge for a chat nobody wrote in', () => {
    expect(
      chatFlagBadges({
        hasUserInteraction: false,
        hasUserInteractionWithNonAnonymousUser: false,
        hasUserInteractionWithPaidCredits: false,
        hasUserInteractionWithSubscription: false,
        hasUserInteractionWithManager: false,
        needsSafetyReview: false,
      }),
    ).toEqual([]);
  });
});

describe('engineLabel', () => {
  it('names the offline engine plainly', () => {
    expect(engineLabel('OFFLINE')).toBe('Offline engine');
    expect(engineLabel('OPENAI')).toBe('OpenAI');
  });
});

describe('prettyJson', () => {
  it('indents JSON text and objects', () => {
    expect(prettyJson('{"context":"beach","n":1}')).toBe('{\n  "context": "beach",\n  "n": 1\n}');
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('shows text that is not JSON as it came (a model may produce broken arguments)', () => {
    expect(prettyJson('{"context": "beach"')).toBe('{"context": "beach"');
  });
});

describe('splitSentText', () => {
  it('separates the bracketed failure note on the last line', () => {
    expect(splitSentText('Sorry, could you say that again?\n[model error: LlmError: timeout]')).toEqual({
      text: 'Sorry, could you say that again?',
      note: 'model error: LlmError: timeout',
    });
    expect(splitSentText('Here you go\n[voice note failed: Voice is not configured]')).toEqual({
      text: 'Here you go',
      note: 'voice note failed: Voice is not configured',
    });
  });

  it('leaves text without a note alone, brackets inside a sentence included', () => {
    expect(splitSentText('Only because you asked 📸')).toEqual({ text: 'Only because you asked 📸', note: null });
    expect(splitSentText('I [really] mean it')).toEqual({ text: 'I [really] mean it', note: null });
  });
});

describe('sentDiffers', () => {
  it('is true only when something other than the model text was sent', () => {
    expect(sentDiffers('Hi!', null)).toBe(false);
    expect(sentDiffers('Hi!', ' Hi! ')).toBe(false);
    expect(sentDiffers(null, 'Here is my photo')).toBe(true);
    expect(sentDiffers('Hi!', 'Hi!\n[voice note failed: x]')).toBe(true);
  });
});

describe('formatScore, messagePreview and messageCountLabel', () => {
  it('formats scores to three decimals', () => {
    expect(formatScore(0.91234)).toBe('0.912');
    expect(formatScore(0.35)).toBe('0.350');
    expect(formatScore(Number.NaN)).toBe('–');
  });

  it('previews a message on one line, cut with an ellipsis', () => {
    expect(messagePreview({ text: 'Hi\n\nthere', attachmentCount: 0 })).toBe('Hi there');
    expect(messagePreview({ text: '', attachmentCount: 1 })).toBe('(attachment only)');
    expect(messagePreview({ text: 'a'.repeat(200), attachmentCount: 0 }, 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('counts messages in words', () => {
    expect(messageCountLabel(1)).toBe('1 message');
    expect(messageCountLabel(0)).toBe('0 messages');
    expect(messageCountLabel(12)).toBe('12 messages');
  });
});
