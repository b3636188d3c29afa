import { describe, expect, it } from 'vitest';
import { newId } from './columns.ts';

describe('newId', () => {
  it('makes 20 lowercase letters and digits, distinct over many pool refills', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every character about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) for (const char of newId()) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(36);
    // 100,000 characters over 36: about 2,778 each (σ ≈ 52). Taking bytes modulo 36 would give the
    // first four characters 8/256 each, about 3,125: the rejected bytes are what keeps them even.
    for (const count of counts.values()) expect(Math.abs(count - 100_000 / 36)).toBeLessThan(300);
  });
});
