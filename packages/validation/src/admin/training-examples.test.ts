import { describe, expect, it } from 'vitest';
import {
  formatTrainingExamples,
  minimumTrainingExamples,
  type ParsedTrainingExample,
  parseTrainingExamples,
} from './training-examples.ts';

/** A valid example's text: one question and its answer. */
const pair = (n: number) => `U: question ${n}\nA: answer ${n}`;
/** Examples' texts joined into one file. */
const file = (...examples: string[]) => examples.join('\nNEW\n');
/** The texts of `count` valid examples. */
const valid = (count: number) => Array.from({ length: count }, (_, index) => pair(index + 1));

const errorOf = (text: string) => {
  const result = parseTrainingExamples(text);
  return result.ok ? 'parsed without error' : result.error;
};

describe('training examples text (docs/product-rules.md#training-examples)', () => {
  it('reads U, A and S lines as user, assistant and system messages, keeping the content as written', () => {
    const result = parseTrainingExamples(
      file('S: You are Mia: warm, witty.\nU: Hi!  \nA:   Hey, you: again?', ...valid(minimumTrainingExamples - 1)),
    );
    expect(result.ok && result.examples[0]).toEqual({
      messages: [
        { role: 'system', content: 'You are Mia: warm, witty.' },
        { role: 'user', content: 'Hi!' },
        { role: 'assistant', content: '  Hey, you: again?' },
      ],
    });
    expect(result.ok && result.examples).toHaveLength(20);
  });

  it('reads CRLF text like LF text, NEW included', () => {
    const lf = file(...valid(20));
    const crlf = lf.replaceAll('\n', '\r\n');
    expect(parseTrainingExamples(crlf)).toEqual(parseTrainingExamples(lf));
    expect(parseTrainingExamples(crlf).ok).toBe(true);
    expect(errorOf(`${crlf}\r\nU: a\r\nbad\r\n`), 'line numbers count CRLF lines once').toBe('Line #61 is invalid: bad');
  });

  it('skips blank lines, a NEW with spaces around it still separating examples', () => {
    const text = `\n  \n${valid(20).join('\n\t\n  NEW  \n\n')}\n\n`;
    const result = parseTrainingExamples(text);
    expect(result.ok && result.examples).toHaveLength(20);
    expect(result.ok && result.examples[19]).toEqual({
      messages: [
        { role: 'user', content: 'question 20' },
        { role: 'assistant', content: 'answer 20' },
      ],
    });
  });

  it('accepts system messages anywhere in an example, leaving them out of the role checks', () => {
    const text = file('S: first\nU: a\nS: between\nA: b\nU: c\nS: again\nA: d', ...valid(19));
    const result = parseTrainingExamples(text);
    expect(result.ok && result.examples[0]?.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'system',
      'assistant',
      'user',
      'system',
      'assistant',
    ]);
  });

  it('treats an empty text as a model without examples yet', () => {
    expect(parseTrainingExamples('')).toEqual({ ok: true, examples: [] });
    expect(parseTrainingExamples(' \n\r\n\t\n')).toEqual({ ok: true, examples: [] });
  });
});

describe('"Line #{n} is invalid" with the line cut to 100 characters', () => {
  it('names the first bad line by its 1-based number', () => {
    expect(errorOf('U: hi\nA: there\nX: bad')).toBe('Line #3 is invalid: X: bad');
    expect(errorOf(`${file(...valid(20))}\nB: broken\nC: also broken`)).toBe('Line #60 is invalid: B: broken');
  });

  it('counts blank lines in the number', () => {
    expect(errorOf('\n\nU: hi\n\n  \nhello')).toBe('Line #6 is invalid: hello');
  });

  it.each([
    ['no space after the colon', 'U:hi'],
    ['a lower-case letter', 'u: hi'],
    ['indented', '  U: hi'],
    ['no content', 'U: '],
    ['only spaces as content', 'A:     '],
    ['an unknown role', 'Q: hi'],
    ['a lower-case separator', 'new'],
    ['more than NEW on the line', 'NEW example'],
    ['no prefix', 'just text'],
  ])('refuses a line with %s', (_why, line) => {
    expect(errorOf(`U: a\nA: b\n${line}\nA: c`)).toBe(`Line #3 is invalid: ${line.trimEnd()}`);
  });

  it('quotes a long line cut to its first 100 characters', () => {
    const line = `Z: ${'x'.repeat(147)}`;
    expect(line).toHaveLength(150);
    const error = errorOf(`U: a\n${line}`);
    expect(error).toBe(`Line #2 is invalid: ${line.slice(0, 100)}`);
    expect(error).toHaveLength('Line #2 is invalid: '.length + 100);
  });

  it('cuts by characters, never splitting an emoji in two', () => {
    const line = `${'x'.repeat(99)}🎉🎉`;
    expect(errorOf(line)).toBe(`Line #1 is invalid: ${'x'.repeat(99)}🎉`);
  });
});

describe('NEW cannot be first or last', () => {
  it('says "First row cannot be NEW" when NEW comes before any message, blank lines aside', () => {
    expect(errorOf(`NEW\n${file(...valid(20))}`)).toBe('First row cannot be NEW');
    expect(errorOf(`\n\n  NEW \n${file(...valid(20))}`)).toBe('First row cannot be NEW');
    expect(errorOf('NEW')).toBe('First row cannot be NEW');
  });

  it('says "Last row cannot be NEW" when the text ends with NEW, blank lines aside', () => {
    expect(errorOf(`${file(...valid(20))}\nNEW`)).toBe('Last row cannot be NEW');
    expect(errorOf(`${file(...valid(20))}\r\nNEW\r\n\r\n`)).toBe('Last row cannot be NEW');
  });

  it('reports problems in reading order: a bad line before a last NEW, a first NEW before a bad line', () => {
    expect(errorOf('U: a\nA: b\noops\nNEW')).toBe('Line #3 is invalid: oops');
    expect(errorOf('NEW\nU: a\noops')).toBe('First row cannot be NEW');
    expect(errorOf(`${file('U: a', ...valid(5))}\nNEW`), 'a last NEW before the examples are checked').toBe(
      'Last row cannot be NEW',
    );
  });
});

describe('each example (docs/product-rules.md#training-examples), numbered from 1', () => {
  it('says "Example #{n} must have at least 2 messages", system messages not counting', () => {
    expect(errorOf(file(...valid(2), 'U: alone', ...valid(20)))).toBe('Example #3 must have at least 2 messages');
    expect(errorOf(file(...valid(4), 'S: system\nU: hi', ...valid(20)))).toBe('Example #5 must have at least 2 messages');
    expect(errorOf(file('S: only\nS: system', ...valid(20)))).toBe('Example #1 must have at least 2 messages');
  });

  it('names an empty example left by two NEW in a row', () => {
    expect(errorOf(file(pair(1), '', ...valid(20)).replace('\n\n', '\n'))).toBe('Example #2 must have at least 2 messages');
    expect(errorOf(`${pair(1)}\nNEW\n\nNEW\n${file(...valid(20))}`)).toBe('Example #2 must have at least 2 messages');
  });

  it('says "Example #{n} must start with a user message", system messages aside', () => {
    expect(errorOf(file(...valid(20), 'A: hello\nU: hi\nA: bye'))).toBe('Example #21 must start with a user message');
    expect(errorOf(file(...valid(7), 'S: sys\nA: hello\nU: hi\nA: bye', ...valid(12)))).toBe(
      'Example #8 must start with a user message',
    );
  });

  it('says "Example #{n} must end with an assistant message", a trailing system message included', () => {
    expect(errorOf(file(...valid(20), 'U: a\nA: b\nU: c'))).toBe('Example #21 must end with an assistant message');
    expect(errorOf(file(...valid(3), 'U: a\nA: b\nS: after', ...valid(17)))).toBe(
      'Example #4 must end with an assistant message',
    );
  });

  it('says "Example #{n} must have alternating roles", system messages aside', () => {
    expect(errorOf(file(...valid(20), 'U: a\nU: b\nA: c'))).toBe('Example #21 must have alternating roles');
    expect(errorOf(file('U: a\nA: b\nA: c', ...valid(20)))).toBe('Example #1 must have alternating roles');
    expect(errorOf(file(...valid(9), 'U: a\nS: s\nU: b\nA: c', ...valid(10)))).toBe('Example #10 must have alternating roles');
  });

  it('reports the first broken example only', () => {
    expect(errorOf(file(...valid(20), 'U: a\nU: b\nA: c', 'A: x\nU: y\nA: z'))).toBe('Example #21 must have alternating roles');
  });
});

describe('at least 20 examples', () => {
  it('says "Training file has {n} examples, but must have at least 20"', () => {
    expect(errorOf(file(...valid(19)))).toBe('Training file has 19 examples, but must have at least 20');
    expect(errorOf(pair(1))).toBe('Training file has 1 examples, but must have at least 20');
    expect(minimumTrainingExamples).toBe(20);
  });

  it('accepts exactly 20 examples and more', () => {
    expect(parseTrainingExamples(file(...valid(20))).ok).toBe(true);
    expect(parseTrainingExamples(file(...valid(57))).ok).toBe(true);
  });

  it('names a broken example before counting, so a short file with a broken example points at it', () => {
    expect(errorOf(file(...valid(3), 'U: a\nU: b\nA: c'))).toBe('Example #4 must have alternating roles');
  });
});

describe('formatTrainingExamples', () => {
  it('writes S, U and A lines with a NEW line between examples', () => {
    const examples: ParsedTrainingExample[] = [
      {
        messages: [
          { role: 'system', content: 'Be kind.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
        ],
      },
      {
        messages: [
          { role: 'user', content: 'Bye' },
          { role: 'assistant', content: 'See you' },
        ],
      },
    ];
    expect(formatTrainingExamples(examples)).toBe('S: Be kind.\nU: Hi\nA: Hello\nNEW\nU: Bye\nA: See you');
    expect(formatTrainingExamples([])).toBe('');
  });

  it('puts content holding line breaks on one line, a space for each break', () => {
    const examples: ParsedTrainingExample[] = [
      {
        messages: [
          { role: 'user', content: 'one\ntwo\r\nthree' },
          { role: 'assistant', content: 'done\n' },
        ],
      },
    ];
    expect(formatTrainingExamples(examples)).toBe('U: one two three\nA: done');
  });
});

describe('round trips', () => {
  // Tricky content: separators, prefixes and colons inside content, leading spaces, non-ASCII.
  const contents = [
    'Hi!',
    'NEW',
    '  NEW',
    'U: nested prefix',
    'A:',
    '   indented reply',
    'Ça va? 🎉 日本語',
    'a: b: c',
    'x'.repeat(300),
    'tab\tinside',
  ];

  /** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
  const randomFrom = (seed: number) => {
    let state = seed;
    return (below: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
    };
  };

  const generated = (seed: number): ParsedTrainingExample[] => {
    const random = randomFrom(seed);
    const pick = () => contents[random(contents.length)] ?? 'fallback';
    return Array.from({ length: minimumTrainingExamples + random(6) }, () => {
      const messages: ParsedTrainingExample['messages'] = [];
      if (random(2) === 0) messages.push({ role: 'system', content: pick() });
      for (let turn = 0, turns = 1 + random(3); turn < turns; turn += 1) {
        messages.push({ role: 'user', content: pick() });
        if (random(4) === 0) messages.push({ role: 'system', content: pick() });
        messages.push({ role: 'assistant', content: pick() });
      }
      return { messages };
    });
  };

  /** What the parser keeps of a text's layout: no blank lines, no trailing spaces, LF, NEW alone. */
  const normalised = (text: string) =>
    text
      .split('\n')
      .map((line) => (line.trim() === 'NEW' ? 'NEW' : line.trimEnd()))
      .filter((line) => line !== '')
      .join('\n');

  /** The same text as an admin might type it: CRLF, blank lines, trailing spaces, padded NEW. */
  const messy = (text: string, seed: number) => {
    const random = randomFrom(seed);
    return text
      .split('\n')
      .map((line) => {
        const padded = line === 'NEW' ? ` NEW${' '.repeat(random(3))}` : `${line}${' '.repeat(random(2))}`;
        return `${'\n'.repeat(random(2))}${padded}`;
      })
      .join(random(2) === 0 ? '\r\n' : '\n');
  };

  it('parses formatted examples back to the same examples', () => {
    const handMade: ParsedTrainingExample[][] = [
      [...valid(20).map((text) => parseExample(text))],
      [
        {
          messages: [
            { role: 'system', content: 'S: looks like a prefix' },
            { role: 'user', content: '  NEW  is content here' },
            { role: 'assistant', content: 'NEW' },
          ],
        },
        ...valid(19).map((text) => parseExample(text)),
      ],
    ];
    for (const examples of [...handMade, ...Array.from({ length: 50 }, (_, seed) => generated(seed + 1))]) {
      expect(parseTrainingExamples(formatTrainingExamples(examples))).toEqual({ ok: true, examples });
    }
  });

  it('formats parsed text back to the same text, normalised', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const text = messy(formatTrainingExamples(generated(seed)), seed);
      const result = parseTrainingExamples(text);
      expect(result.ok, `seed ${seed}`).toBe(true);
      if (result.ok) expect(formatTrainingExamples(result.examples), `seed ${seed}`).toBe(normalised(text));
    }
  });
});

/** One example's text parsed on its own (the minimum count aside). */
function parseExample(text: string): ParsedTrainingExample {
  const result = parseTrainingExamples(file(text, ...valid(minimumTrainingExamples - 1)));
  if (!result.ok || !result.examples[0]) throw new Error(`not an example: ${text}`);
  return result.examples[0];
}
