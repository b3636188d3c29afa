import { defaultVoiceSettings } from '@doppel/db';
import { newVoiceDefaults } from '@doppel/validation';
import { describe, expect, it } from 'vitest';

describe('new voice defaults', () => {
  it('are the database defaults of a voice (docs/product-rules.md#constants-and-limits), so the form and the table agree', () => {
    expect(newVoiceDefaults).toEqual(defaultVoiceSettings);
  });
});
