// Scores one quality run (the domain's executeQualityRun, docs/quality.md). A failure a retry will
// not mend (the twin or version is gone, the model refuses) ends the run FAILED at once; anything
// else is thrown for pg-boss to retry (stored results are kept and skipped), and the last attempt
// ends the run FAILED with a generic message.
import { executeQualityRun, isPermanentRunFailure, markRunFailed, routedLlmFor, runFailureMessage } from '@doppel/domain/quality';
import { jobCatalog } from '@doppel/jobs';
import type { JobHandler, JobOutput } from './types.ts';

export const runQualityRun: JobHandler<'quality.run'> = async (payload, { db, log, job, services }): Promise<JobOutput> => {
  const settings = services.quality ?? {};
  try {
    const outcome = await executeQualityRun(
      {
        db,
        llm: services.llm,
        // Versions answer where they are served, as the twin's replies do.
        llmFor:
          settings.llmFor ??
          (services.llmRouter ? routedLlmFor(services.llm, services.llmRouter.llmFor, services.llmModelOverride) : undefined),
        modelOverride: services.llmModelOverride,
        judgeModel: settings.judgeModel,
        maxCases: settings.maxCases,
        maxTokens: settings.maxTokens,
        questionVectors: services.questionVectors,
        passageVectors: services.passageVectors,
        log: (message, fields) => log.warn(message, { runId: payload.runId, ...fields }),
      },
      payload.runId,
    );
    if (outcome.status === 'missing') return { runId: payload.runId, status: 'missing' };
    if (outcome.status === 'FAILED') return { runId: payload.runId, status: 'FAILED' };
    return {
      runId: payload.runId,
      status: 'DONE',
      overallScore: outcome.overallScore,
      caseCount: outcome.caseCount,
      scored: outcome.scored,
    };
  } catch (error) {
    const lastAttempt = job.retryCount >= jobCatalog['quality.run'].queue.retryLimit;
    if (!isPermanentRunFailure(error) && !lastAttempt) throw error;
    log.warn('quality run failed', { runId: payload.runId, error: error instanceof Error ? error.message : String(error) });
    await markRunFailed(db, payload.runId, runFailureMessage(error));
    return { runId: payload.runId, status: 'FAILED' };
  }
};
