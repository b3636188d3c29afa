import { describe, expect, it } from 'vitest';
import { taskProgress } from './task-ladder.ts';

const none = { staticAttachmentCount: 0, hasVoice: false, conversationStarterCount: 0 };

describe('taskProgress', () => {
  it('starts with uploading images', () => {
    expect(taskProgress(none)).toEqual({ done: 0, total: 3, nextTask: 'UPLOAD_IMAGES' });
  });

  it('climbs the ladder in order: images, voice, starters, complete', () => {
    expect(taskProgress({ ...none, staticAttachmentCount: 2 })).toEqual({ done: 1, total: 3, nextTask: 'SET_VOICE' });
    expect(taskProgress({ ...none, staticAttachmentCount: 1, hasVoice: true })).toEqual({
      done: 2,
      total: 3,
      nextTask: 'DEFINE_CONVERSATION_STARTERS',
    });
    expect(taskProgress({ staticAttachmentCount: 1, hasVoice: true, conversationStarterCount: 1 })).toEqual({
      done: 3,
      total: 3,
      nextTask: 'COMPLETE',
    });
  });

  it('names the first missing task even when later ones are done, and counts those', () => {
    expect(taskProgress({ ...none, hasVoice: true, conversationStarterCount: 3 })).toEqual({
      done: 2,
      total: 3,
      nextTask: 'UPLOAD_IMAGES',
    });
    expect(taskProgress({ ...none, staticAttachmentCount: 1, conversationStarterCount: 1 })).toEqual({
      done: 2,
      total: 3,
      nextTask: 'SET_VOICE',
    });
  });
});
