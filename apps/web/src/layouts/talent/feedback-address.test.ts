import { describe, expect, it } from 'vitest';
import { boardAddress } from './feedback-address.ts';

describe('boardAddress', () => {
  it('adds the token to the board address, keeping its query', () => {
    expect(boardAddress('https://feedback.example.com/board', 'a.b.c')).toBe('https://feedback.example.com/board?token=a.b.c');
    expect(boardAddress('https://feedback.example.com/?b=1', 'x y')).toBe('https://feedback.example.com/?b=1&token=x+y');
  });
});
