import { describe, expect, it } from 'vitest';
import { firstNameOf, messageNote } from './message-note.ts';

describe('messageNote', () => {
  it('marks a message the creator wrote in person, by their first name', () => {
    expect(messageNote({ senderType: 'TALENT', writtenByCreator: true }, 'Mia Moreno')).toBe('Written by Mia');
    expect(messageNote({ senderType: 'TALENT' }, 'Mia Moreno')).toBeUndefined();
    expect(messageNote({ senderType: 'TALENT', writtenByCreator: false }, 'Mia Moreno')).toBeUndefined();
  });

  it('marks a message the twin sent unasked as free', () => {
    expect(messageNote({ senderType: 'TALENT', reachOut: true }, 'Mia Moreno')).toBe('Mia’s twin reached out · free');
    expect(messageNote({ senderType: 'TALENT', reachOut: true, writtenByCreator: true }, 'Mia Moreno')).toBe('Written by Mia');
  });

  it('says a fan message went unanswered and its credits came back', () => {
    expect(messageNote({ senderType: 'USER', creditsReturned: true }, 'Mia Moreno')).toBe(
      'Mia Moreno won’t answer this one · credits returned',
    );
  });

  it('marks a fan message spoken as a voice note', () => {
    expect(messageNote({ senderType: 'USER', spoken: true }, 'Mia Moreno')).toBe('🎤 Sent as a voice note');
    expect(messageNote({ senderType: 'USER' }, 'Mia Moreno')).toBeUndefined();
  });

  it('takes the first word of a name, or the whole name', () => {
    expect(firstNameOf('  Mia  Moreno ')).toBe('Mia');
    expect(firstNameOf('Cher')).toBe('Cher');
  });
});
