import { formatTrainingExamples, parseTrainingExamples } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { holdsReplies } from '../../chat/reply/approval-mode.ts';
import { correctionExample } from './corrections.ts';

describe('correctionExample', () => {
  it('is the fan message then the creator answer, in the format the admin parser accepts', () => {
    const example = correctionExample('Where are you now?', 'In Lisbon, eating pastéis de nata 😋');
    expect(example).toEqual({
      messages: [
        { role: 'user', content: 'Where are you now?' },
        { role: 'assistant', content: 'In Lisbon, eating pastéis de nata 😋' },
      ],
    });
    const text = formatTrainingExamples(Array.from({ length: 20 }, () => example ?? { messages: [] }));
    expect(parseTrainingExamples(text)).toEqual({ ok: true, examples: Array(20).fill(example) });
  });

  it('puts a multi-line message on one line, as the format needs', () => {
    expect(correctionExample('  Hi!\r\n\r\nHow are you? ', 'Great\nthanks\n')?.messages.map((m) => m.content)).toEqual([
      'Hi! How are you?',
      'Great thanks',
    ]);
  });

  it('keeps nothing when either side has no text', () => {
    expect(correctionExample('', 'An answer')).toBeUndefined();
    expect(correctionExample('A question', ' \n ')).toBeUndefined();
  });
});

describe('holdsReplies', () => {
  it("follows the twin unless the fan's chat says always or never", () => {
    expect([holdsReplies('TWIN', true), holdsReplies('TWIN', false)]).toEqual([true, false]);
    expect([holdsReplies('ALWAYS', false), holdsReplies('NEVER', true)]).toEqual([true, false]);
  });
});
