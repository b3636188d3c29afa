import { describe, expect, it } from 'vitest';
import { greeting, greetingName } from './greeting.ts';

describe('greetingName', () => {
  it("greets by the account's name", () => {
    expect(greetingName({ name: 'Mia Moreno', email: 'creator@doppel.dev' }, 'Mia Moreno')).toBe('Mia Moreno');
  });

  it("uses the twin's first name when the account's name is only the email's first part", () => {
    expect(greetingName({ name: 'nora.new', email: 'nora.new@example.com' }, 'Nora Vale')).toBe('Nora');
    expect(greetingName({ name: 'nora.new', email: 'nora.new@example.com' }, undefined)).toBe('nora.new');
    expect(greetingName({ name: '', email: null }, 'Leo Park')).toBe('Leo');
  });
});

describe('greeting', () => {
  it('says welcome the first time and welcome back after', () => {
    expect(greeting('Nora', true)).toBe('Welcome, Nora');
    expect(greeting('Mia', false)).toBe('Welcome back, Mia');
  });
});
