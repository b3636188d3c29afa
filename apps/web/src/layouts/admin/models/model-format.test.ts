import { describe, expect, it } from 'vitest';
import {
  baseOptions,
  canGenerate,
  canMakeDefault,
  countLabel,
  examplesPreview,
  isVersionRunning,
  modelPath,
  versionErrorText,
  versionTitle,
} from './model-format.ts';

// Local wall-clock time, as formatDateTime shows it in the viewer's time zone.
const at = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

describe('version title', () => {
  it('names the organisation, the status label of docs/product-rules.md#model-version-statuses and the created date dd/M/yyyy at HH:mm', () => {
    expect(versionTitle({ organisation: 'V1', status: 'FINE_TUNING', createdAt: at(2025, 3, 4, 9, 5) })).toBe(
      'V1 · Fine Tuning · 04/3/2025 at 09:05',
    );
    expect(versionTitle({ organisation: 'V0', status: 'UPLOADING_TRAINING_FILE', createdAt: at(2025, 12, 31, 23, 59) })).toBe(
      'V0 · Uploading · 31/12/2025 at 23:59',
    );
    expect(versionTitle({ organisation: 'Unknown', status: 'SUCCEEDED', createdAt: at(2024, 1, 1, 0, 0) })).toBe(
      'Unknown · Succeeded · 01/1/2024 at 00:00',
    );
    expect(versionTitle({ organisation: 'V1', status: 'FAILED', createdAt: at(2024, 6, 10, 14, 30) })).toBe(
      'V1 · Failed · 10/6/2024 at 14:30',
    );
  });
});

describe('version error', () => {
  it('shows a short provider message whole', () => {
    expect(versionErrorText('Invalid base model: gpt-3.5-turbo-1106')).toBe('Invalid base model: gpt-3.5-turbo-1106');
  });

  it('cuts a long provider message at 100 characters, ending in an ellipsis', () => {
    const shown = versionErrorText(`Fine-tuning failed: ${'x'.repeat(200)}`);
    expect(Array.from(shown)).toHaveLength(100);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.startsWith('Fine-tuning failed: xxx')).toBe(true);
    expect(versionErrorText('y'.repeat(100))).toBe('y'.repeat(100));
  });
});

describe('training examples preview', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, index) => `U: line ${index + 1}`).join('\n');

  it('shows the first 10 lines while collapsed and counts the rest', () => {
    const preview = examplesPreview(lines(25), false);
    expect(preview.text.split('\n')).toHaveLength(10);
    expect(preview.text.split('\n').at(-1)).toBe('U: line 10');
    expect(preview.hiddenLines).toBe(15);
  });

  it('shows everything when expanded or when 10 lines or fewer', () => {
    expect(examplesPreview(lines(25), true)).toEqual({ text: lines(25), hiddenLines: 0 });
    expect(examplesPreview(lines(10), false)).toEqual({ text: lines(10), hiddenLines: 0 });
    expect(examplesPreview('', false)).toEqual({ text: '', hiddenLines: 0 });
    expect(examplesPreview(lines(11), false).hiddenLines).toBe(1);
  });
});

describe('base choices', () => {
  it('offers the server’s bases, and the current base marked when no longer offered', () => {
    expect(baseOptions(['a', 'b'], 'b')).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
    ]);
    expect(baseOptions(['a'], 'gpt-3.5-turbo-0613').at(-1)).toEqual({
      value: 'gpt-3.5-turbo-0613',
      label: 'gpt-3.5-turbo-0613 (not offered)',
    });
  });
});

describe('version actions', () => {
  it('offers Make Default only on a succeeded version that is not the default', () => {
    expect(canMakeDefault({ status: 'SUCCEEDED', isDefault: false })).toBe(true);
    expect(canMakeDefault({ status: 'SUCCEEDED', isDefault: true })).toBe(false);
    expect(canMakeDefault({ status: 'FAILED', isDefault: false })).toBe(false);
    expect(canMakeDefault({ status: 'FINE_TUNING', isDefault: false })).toBe(false);
  });

  it('spins for a version still uploading or fine-tuning', () => {
    expect(isVersionRunning('UPLOADING_TRAINING_FILE')).toBe(true);
    expect(isVersionRunning('FINE_TUNING')).toBe(true);
    expect(isVersionRunning('SUCCEEDED')).toBe(false);
    expect(isVersionRunning('FAILED')).toBe(false);
  });

  it('blocks generating while the check loads, while a request runs, or with the server’s reason', () => {
    expect(canGenerate({ checking: false, generating: false, blockedReason: null })).toBe(true);
    expect(canGenerate({ checking: true, generating: false, blockedReason: null })).toBe(false);
    expect(canGenerate({ checking: false, generating: true, blockedReason: null })).toBe(false);
    expect(canGenerate({ checking: false, generating: false, blockedReason: 'Mia is being fine-tuned' })).toBe(false);
  });
});

describe('labels', () => {
  it('counts and links', () => {
    expect(countLabel(1, 'version')).toBe('1 version');
    expect(countLabel(0, 'example')).toBe('0 examples');
    expect(countLabel(1200, 'example')).toBe('1,200 examples');
    expect(modelPath('m 1')).toBe('/models/m%201');
  });
});
