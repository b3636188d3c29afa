import { describe, expect, it } from 'vitest';
import { logLevelSetting } from './log-level.ts';

describe('LOG_LEVEL', () => {
  it("takes pino's levels in any case, and blank or unset as info", () => {
    expect(logLevelSetting.parse('TRACE')).toBe('trace');
    expect(logLevelSetting.parse(' Fatal ')).toBe('fatal');
    expect(logLevelSetting.parse('')).toBe('info');
    expect(logLevelSetting.parse(undefined)).toBe('info');
  });

  it('refuses anything else, naming the levels', () => {
    const result = logLevelSetting.safeParse('loud');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent');
  });
});
