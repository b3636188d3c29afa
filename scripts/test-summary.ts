// The verdict of `npm test`: what each tier's run amounts to, and the closing summary. One rule
// runs through it: a tier that did not show its tests passing is a failure, whether a test failed,
// the runner could not start (a global set-up that threw, `spawn initdb EACCES`), exited non-zero,
// or ran no test at all. The summary counts every such tier as at least one failure, so its last
// line can never read green over a red run, and the exit code agrees with it.

export type TierOutcome = {
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
  /** What failed, a line each (file, test and the error's first line): CI shows only the run's tail. */
  failures?: string[];
};
export type TierResult = TierOutcome & { tier: string; seconds: number };

/** The parts of vitest's JSON report that the verdict reads. */
export type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  testResults: Array<{
    name?: string;
    status: string;
    message?: string;
    assertionResults: Array<{ status: string; fullName?: string; failureMessages?: string[] }>;
  }>;
};

/** The first non-blank line of an error, cut to a length a summary can carry. */
function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > 160 ? `${trimmed.slice(0, 157)}...` : trimmed;
}

/** A line per failed test and per file that failed without a failed test, paths relative to `root`. */
export function failedTestsOf(report: VitestReport, root = ''): string[] {
  const relative = (path = '') => (root && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path);
  return report.testResults.flatMap((file) => {
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failedTests.length === 0) return [`${relative(file.name)}: ${firstLine(file.message)}`];
    return failedTests.map((test) => `${relative(file.name)} > ${test.fullName ?? '?'}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

/**
 * A vitest tier from the runner's exit status (null: it could not be run, or was killed) and its
 * JSON report (undefined: it wrote none, so it did not get as far as running tests).
 */
export function vitestOutcome(status: number | null, report: VitestReport | undefined, root = ''): TierOutcome {
  if (!report) {
    const how = status === null ? 'could not be run' : `exited with code ${status}`;
    return { ok: false, passed: 0, failed: 0, skipped: 0, note: `vitest ${how} and wrote no report` };
  }
  const passed = report.numPassedTests;
  // A file that fails to load (or whose hooks fail) runs no failing test but is a failure all the same.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const failed = report.numFailedTests + brokenFiles;
  const skipped = report.numPendingTests + report.numTodoTests;
  const notes: string[] = [];
  if (passed + report.numFailedTests === 0) notes.push('no test ran');
  if (status !== 0) notes.push(status === null ? 'vitest was killed' : `vitest exited with code ${status}`);
  else if (!report.success) notes.push('vitest reported a failure');
  const ok = notes.length === 0 && failed === 0;
  const failures = failedTestsOf(report, root);
  return {
    ok,
    passed,
    failed,
    skipped,
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
    ...(failures.length > 0 ? { failures } : {}),
  };
}

/** Failures a tier adds to the total: its failed tests, and at least one when the tier failed. */
function failuresOf(result: TierOutcome): number {
  return result.ok ? result.failed : Math.max(result.failed, 1);
}

export type Summary = { lines: string[]; exitCode: 0 | 1 };

/** The closing summary: a line per tier, then `tests: N passed, M failed`; exit code 1 unless every tier is ok. */
export function summarize(results: readonly TierResult[]): Summary {
  const lines = ['[doppel test] summary'];
  for (const result of results) {
    const counts = `${result.passed} passed, ${failuresOf(result)} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`;
    lines.push(
      `  ${result.ok ? 'ok  ' : 'FAIL'} ${result.tier.padEnd(12)} ${counts.padEnd(36)} ${result.seconds}s${result.note ? `  (${result.note})` : ''}`,
    );
  }
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + failuresOf(result), 0);
  const skipped = results.reduce((sum, result) => sum + result.skipped, 0);
  const failedTiers = results.filter((result) => !result.ok).map((result) => result.tier);
  const failures = results.flatMap((result) => (result.failures ?? []).map((failure) => `  ${result.tier}: ${failure}`));
  if (failures.length > 0) {
    const shown = 12;
    lines.push('', 'failed tests:', ...failures.slice(0, shown));
    if (failures.length > shown) lines.push(`  ...and ${failures.length - shown} more (see .test-output/)`);
  }
  const allOk = results.length > 0 && failedTiers.length === 0;
  const verdict = results.length === 0 ? ' (no tier ran)' : failedTiers.length > 0 ? ` (failed: ${failedTiers.join(', ')})` : '';
  lines.push(
    '',
    `tests: ${passed} passed, ${results.length === 0 ? 1 : failed} failed${skipped ? `, ${skipped} skipped` : ''}${verdict}`,
  );
  return { lines, exitCode: allOk ? 0 : 1 };
}
