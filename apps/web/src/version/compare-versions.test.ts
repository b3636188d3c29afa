import { describe, expect, it } from 'vitest';
import { compareVersions, isBelowMinimum } from './compare-versions.ts';

describe('compareVersions', () => {
  it('orders by major, minor and patch numerically, not as text', () => {
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
    expect(compareVersions('1.2.3', '1.2.4')).toBe(-1);
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
  });

  it('treats missing minor and patch parts as zero and accepts a leading v', () => {
    expect(compareVersions('1', '1.0.0')).toBe(0);
    expect(compareVersions('v1.2', '1.2.0')).toBe(0);
  });

  it('ranks a pre-release below its release and orders pre-release identifiers', () => {
    expect(compareVersions('1.0.0-beta', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0.0-alpha.2', '1.0.0-alpha.10')).toBe(-1);
    expect(compareVersions('1.0.0-alpha', '1.0.0-beta')).toBe(-1);
    expect(compareVersions('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
  });

  it('ignores build metadata', () => {
    expect(compareVersions('1.0.0+abc', '1.0.0+def')).toBe(0);
  });

  it('returns null for something that is not a version', () => {
    expect(compareVersions('latest', '1.0.0')).toBeNull();
  });
});

describe('isBelowMinimum', () => {
  it('is true only when the running version is older than the minimum', () => {
    expect(isBelowMinimum('0.1.0', '99.0.0')).toBe(true);
    expect(isBelowMinimum('1.0.0', '1.0.0')).toBe(false);
    expect(isBelowMinimum('1.2.0', '1.1.9')).toBe(false);
  });

  it('never blocks when the minimum is unset or unreadable', () => {
    expect(isBelowMinimum('0.1.0', null)).toBe(false);
    expect(isBelowMinimum('0.1.0', '')).toBe(false);
    expect(isBelowMinimum('0.1.0', 'soon')).toBe(false);
  });
});
