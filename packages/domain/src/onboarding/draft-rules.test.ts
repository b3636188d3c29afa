import type { TalentDraft } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { assertDraftComplete, draftProblems } from './draft-rules.ts';

const complete: TalentDraft = {
  id: 'd1',
  name: 'Mia Moreno',
  profilePictureUrl: null,
  tag: 'mia_m',
  gender: 'FEMALE',
  age: 27,
  purpose: 'BANTER',
  personalityTraits: ['SWEET', 'FUNNY'],
  interests: ['YOGA'],
  initialChatMessageText: 'Hey you!',
};

describe('draftProblems', () => {
  it('finds nothing wrong with a complete draft (the picture is optional)', () => {
    expect(draftProblems(complete)).toEqual({});
    expect(() => assertDraftComplete(complete)).not.toThrow();
  });

  it('says "Age is not defined" when the age is empty', () => {
    expect(draftProblems({ ...complete, age: null })).toEqual({ age: ['Age is not defined'] });
    expect(() => assertDraftComplete({ ...complete, age: null })).toThrow('Age is not defined');
  });

  it('checks every step again: name, handle, gender, age range, purpose, traits, interests, greeting', () => {
    const problems = draftProblems({
      ...complete,
      name: 'M',
      tag: 'admin',
      gender: null,
      age: 17,
      purpose: null,
      personalityTraits: [],
      interests: ['YOGA', 'ART', 'GYM', 'EDM', 'DOGS', 'CATS'],
      initialChatMessageText: '  ',
    });
    expect(problems).toEqual({
      name: ['Name must be at least 2 characters'],
      tag: ['This handle is reserved'],
      gender: ['Required'],
      age: ['Age must be at least 18'],
      purpose: ['Required'],
      personalityTraits: ['Please select at least 1 item(s)'],
      interests: ['Please select at most 5 item(s)'],
      initialChatMessageText: ['Required'],
    });
  });

  it('refuses interests that are not offered and a missing handle', () => {
    expect(draftProblems({ ...complete, interests: ['KNITTING'], tag: null })).toEqual({
      tag: ['Required'],
      interests: ['KNITTING is not an interest we offer'],
    });
  });

  it('throws an INVALID domain error carrying the field errors', () => {
    try {
      assertDraftComplete({ ...complete, interests: [] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('INVALID');
      expect((error as DomainError).fieldErrors).toEqual({ interests: ['Please select at least 1 item(s)'] });
      expect((error as DomainError).message).toBe('Please select at least 1 item(s)');
    }
  });
});
