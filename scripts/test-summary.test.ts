import { describe, expect, it } from 'vitest';
import { summarize, type TierResult, type VitestReport, vitestOutcome } from './test-summary.ts';

function report(overrides: Partial<VitestReport> = {}): VitestReport {
  return {
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
    success: true,
    testResults: [],
    ...overrides,
  };
}

const tier = (name: string, outcome: Omit<TierResult, 'tier' | 'seconds'>): TierResult => ({
  tier: name,
  seconds: 1,
  ...outcome,
});

describe('vitestOutcome', () => {
  it('passes a tier whose tests ran and passed', () => {
    expect(vitestOutcome(0, report({ numPassedTests: 12, numPendingTests: 1 }))).toEqual({
      ok: true,
      passed: 12,
      failed: 0,
      skipped: 1,
    });
  });

  it('fails a tier that could not start: no report, whatever the exit status', () => {
    expect(vitestOutcome(1, undefined)).toEqual({
      ok: false,
      passed: 0,
      failed: 0,
      skipped: 0,
      note: 'vitest exited with code 1 and wrote no report',
    });
    expect(vitestOutcome(null, undefined)).toMatchObject({ ok: false, note: 'vitest could not be run and wrote no report' });
  });

  it('fails a tier that ran no test, even when vitest exited 0', () => {
    expect(vitestOutcome(0, report())).toMatchObject({ ok: false, note: 'no test ran' });
    // A global set-up that threw (`spawn …/initdb EACCES`): no test ran, and vitest says so with its exit code.
    expect(vitestOutcome(1, report({ success: false }))).toMatchObject({
      ok: false,
      note: 'no test ran; vitest exited with code 1',
    });
  });

  it('fails a tier whose runner exited non-zero or reported a failure although every test passed', () => {
    expect(vitestOutcome(1, report({ numPassedTests: 5 }))).toMatchObject({
      ok: false,
      passed: 5,
      note: 'vitest exited with code 1',
    });
    expect(vitestOutcome(0, report({ numPassedTests: 5, success: false }))).toMatchObject({
      ok: false,
      note: 'vitest reported a failure',
    });
  });

  it('counts a file that failed to load as a failure, beside failed tests', () => {
    const outcome = vitestOutcome(
      1,
      report({
        numPassedTests: 3,
        numFailedTests: 1,
        success: false,
        testResults: [
          { status: 'failed', assertionResults: [] },
          { status: 'failed', assertionResults: [{ status: 'failed' }] },
          { status: 'passed', assertionResults: [{ status: 'passed' }] },
        ],
      }),
    );
    expect(outcome).toMatchObject({ ok: false, passed: 3, failed: 2 });
  });
});

describe('failed tests in the summary', () => {
  const failing = report({
    numPassedTests: 1,
    numFailedTests: 1,
    success: false,
    testResults: [
      { name: '/repo/apps/api/a.test.ts', status: 'failed', message: 'Error: hook timed out\n  at x', assertionResults: [] },
      {
        name: '/repo/apps/api/b.test.ts',
        status: 'failed',
        assertionResults: [
          { status: 'passed', fullName: 'b works' },
          { status: 'failed', fullName: 'b pays once', failureMessages: ['\nAssertionError: expected 2 to be 1\n  at y'] },
        ],
      },
    ],
  });

  it('names each failed test and each file that failed without one, by path from the root', () => {
    expect(vitestOutcome(1, failing, '/repo').failures).toEqual([
      'apps/api/a.test.ts: Error: hook timed out',
      'apps/api/b.test.ts > b pays once: AssertionError: expected 2 to be 1',
    ]);
  });

  it('lists them before the closing line, which stays last', () => {
    const summary = summarize([tier('integration', vitestOutcome(1, failing, '/repo'))]);
    expect(summary.lines.at(-1)).toBe('tests: 1 passed, 2 failed (failed: integration)');
    expect(summary.lines).toContain('  integration: apps/api/b.test.ts > b pays once: AssertionError: expected 2 to be 1');
  });
});

describe('summarize', () => {
  it('reads green, and exits 0, only when every tier passed', () => {
    const summary = summarize([
      tier('lint', { ok: true, passed: 1, failed: 0, skipped: 0 }),
      tier('unit', { ok: true, passed: 286, failed: 0, skipped: 2 }),
    ]);
    expect(summary.exitCode).toBe(0);
    expect(summary.lines.at(-1)).toBe('tests: 287 passed, 0 failed, 2 skipped');
  });

  it('counts a tier that could not start as a failure in the closing line and the exit code', () => {
    // The run of the issue: the integration and e2e tiers died on `spawn …/initdb EACCES`.
    const summary = summarize([
      tier('unit', { ok: true, passed: 287, failed: 0, skipped: 0 }),
      tier('integration', vitestOutcome(1, undefined)),
      tier('e2e', vitestOutcome(1, report({ success: false }))),
    ]);
    expect(summary.exitCode).toBe(1);
    expect(summary.lines.at(-1)).toBe('tests: 287 passed, 2 failed (failed: integration, e2e)');
    expect(summary.lines.find((line) => line.includes('integration'))).toMatch(
      /^ {2}FAIL integration +0 passed, 1 failed +1s {2}\(vitest exited with code 1 and wrote no report\)$/,
    );
  });

  it('adds failed tests as they are, and a failed tier without counted failures as one', () => {
    const summary = summarize([
      tier('typecheck', { ok: false, passed: 8, failed: 2, skipped: 0 }),
      tier('unit', { ok: false, passed: 10, failed: 0, skipped: 0, note: 'vitest exited with code 1' }),
    ]);
    expect(summary.lines.at(-1)).toBe('tests: 18 passed, 3 failed (failed: typecheck, unit)');
    expect(summary.exitCode).toBe(1);
  });

  it('fails a run in which no tier ran', () => {
    expect(summarize([])).toEqual({
      lines: ['[doppel test] summary', '', 'tests: 0 passed, 1 failed (no tier ran)'],
      exitCode: 1,
    });
  });
});
