import { describe, expect, it } from 'vitest';
import { askFromSearch, askMaxLength, chatPathAsking, cleanAsk, searchWithoutAsk } from './ask-param.ts';

describe('a question carried in the chat address', () => {
  it('keeps one trimmed line of text', () => {
    expect(cleanAsk('  Where are you right now?  ')).toBe('Where are you right now?');
    expect(cleanAsk('Where\nare\r\n you\tnow?')).toBe('Where are you now?');
    expect(cleanAsk('a\u0000b\u2028c')).toBe('a b c');
  });

  it('gives nothing for an empty, blank or missing question', () => {
    expect(cleanAsk('')).toBeNull();
    expect(cleanAsk(' \n\t ')).toBeNull();
    expect(cleanAsk(null)).toBeNull();
    expect(cleanAsk(undefined)).toBeNull();
  });

  it(`cuts a long question at ${askMaxLength} characters without splitting an emoji`, () => {
    expect(cleanAsk('x'.repeat(askMaxLength + 50))).toBe('x'.repeat(askMaxLength));
    const emojis = '😀'.repeat(askMaxLength + 1);
    const cut = cleanAsk(emojis) ?? '';
    expect(Array.from(cut)).toHaveLength(askMaxLength);
    expect(cut.endsWith('😀')).toBe(true);
    expect(cleanAsk(`${'x'.repeat(askMaxLength - 1)} tail`)).toBe('x'.repeat(askMaxLength - 1));
  });

  it('builds the chat address with the question, and without one when there is none', () => {
    const path = chatPathAsking('mia', 'Where are you right now?');
    expect(path.startsWith('/chat/mia?ask=')).toBe(true);
    expect(askFromSearch(path.slice(path.indexOf('?')))).toBe('Where are you right now?');
    expect(chatPathAsking('mia', '   ')).toBe('/chat/mia');
    expect(chatPathAsking('mia', null)).toBe('/chat/mia');
    expect(chatPathAsking('a b', 'Hi')).toBe('/chat/a%20b?ask=Hi');
  });

  it('reads the question from a query and cleans it', () => {
    expect(askFromSearch('?ask=Hello%0Athere')).toBe('Hello there');
    expect(askFromSearch('?ask=')).toBeNull();
    expect(askFromSearch('?other=1')).toBeNull();
    expect(askFromSearch('')).toBeNull();
  });

  it('drops only the question from the query', () => {
    expect(searchWithoutAsk('?ask=Hi')).toBe('');
    expect(searchWithoutAsk('?ask=Hi&checkout=done')).toBe('?checkout=done');
    expect(searchWithoutAsk('')).toBe('');
  });
});
