import { describe, expect, it } from 'vitest';
import { microBatch } from './micro-batch.ts';

class InputError extends Error {}

/** A provider that answers each text with its upper case and records every request. */
function recordingSend(fail?: (texts: string[]) => Error | null) {
  const requests: string[][] = [];
  const send = async (texts: string[]) => {
    requests.push(texts);
    const error = fail?.(texts);
    if (error) throw error;
    return texts.map((text) => text.toUpperCase());
  };
  return { requests, send };
}

const limits = { maxInputs: 4, maxChars: 100, isInputError: (error: unknown) => error instanceof InputError };

describe('microBatch', () => {
  it('sends the calls of one turn together, each distinct text once, and answers each call in its order', async () => {
    const provider = recordingSend();
    const batched = microBatch(provider.send, limits);
    const answers = await Promise.all([batched(['hi']), batched(['b', 'hi']), batched(['hi'])]);
    expect(answers).toEqual([['HI'], ['B', 'HI'], ['HI']]);
    expect(provider.requests).toEqual([['hi', 'b']]);
  });

  it('sends calls of later turns in later requests', async () => {
    const provider = recordingSend();
    const batched = microBatch(provider.send, limits);
    expect(await batched(['a'])).toEqual(['A']);
    expect(await batched(['b'])).toEqual(['B']);
    expect(provider.requests).toEqual([['a'], ['b']]);
  });

  it('starts a new request when the next call would pass the input or character limit', async () => {
    const provider = recordingSend();
    const batched = microBatch(provider.send, limits);
    const long = 'x'.repeat(60);
    const answers = await Promise.all([batched(['a', 'b', 'c']), batched(['d', 'e']), batched([long]), batched([`${long}y`])]);
    expect(answers).toEqual([['A', 'B', 'C'], ['D', 'E'], [long.toUpperCase()], [`${long}y`.toUpperCase()]]);
    expect(provider.requests).toEqual([['a', 'b', 'c'], ['d', 'e', long], [`${long}y`]]);
  });

  it('sends a call at the limit alone, at once', async () => {
    const provider = recordingSend();
    const batched = microBatch(provider.send, limits);
    const [small, large] = await Promise.all([batched(['a']), batched(['1', '2', '3', '4'])]);
    expect([small, large]).toEqual([['A'], ['1', '2', '3', '4']]);
    expect(provider.requests).toEqual([['1', '2', '3', '4'], ['a']]);
    expect(await batched([])).toEqual([]);
  });

  it("sends each call alone after a refused input, so one caller's bad text fails only that caller", async () => {
    const provider = recordingSend((texts) => (texts.includes('bad') ? new InputError('too long') : null));
    const batched = microBatch(provider.send, limits);
    const [good, bad] = await Promise.allSettled([batched(['good']), batched(['bad'])]);
    expect(good).toEqual({ status: 'fulfilled', value: ['GOOD'] });
    expect(bad.status).toBe('rejected');
    expect(provider.requests).toEqual([['good', 'bad'], ['good'], ['bad']]);
  });

  it('fails every caller of the request on any other error, without sending again', async () => {
    const outage = new Error('503');
    const provider = recordingSend(() => outage);
    const batched = microBatch(provider.send, limits);
    const settled = await Promise.allSettled([batched(['a']), batched(['b'])]);
    expect(settled).toEqual([
      { status: 'rejected', reason: outage },
      { status: 'rejected', reason: outage },
    ]);
    expect(provider.requests).toHaveLength(1);
  });
});
