// Make Default's quality guard (docs/quality.md): a version whose check is still queued or running
// cannot become the default, and one whose latest finished check scores worse than the default's
// needs the admin's explicit confirmation, refused otherwise with what got worse.
import type { Executor } from '@doppel/db';
import { DomainError } from '../errors.ts';
import { describeRegressions } from './quality-scores.ts';
import { compareVersionQuality } from './quality-views.ts';

export const qualityGuardMessages = {
  running: 'The quality check of this version is still running',
  worse: (what: string) => `This version scores worse than the current default: ${what}. Confirm to make it the default anyway.`,
} as const;

export async function assertVersionQualityAllowsDefault(
  db: Executor,
  input: { modelId: string; versionId: string; confirmWorse?: boolean | undefined },
): Promise<void> {
  const compared = await compareVersionQuality(db, input);
  if (compared.versionRunning) throw new DomainError('CONFLICT', qualityGuardMessages.running);
  if (compared.regressions.length > 0 && !input.confirmWorse) {
    throw new DomainError('CONFLICT', qualityGuardMessages.worse(describeRegressions(compared.regressions)));
  }
}
