// FineTuningPort through the official `openai` SDK: files (purpose fine-tune) and fine-tuning jobs,
// against OpenAI or any compatible endpoint (baseURL). Everything we create carries the version id
// (the file's name, the job's metadata) so a step repeated after a crash finds what is already there.
// A provider refusal (4xx) becomes FineTuningRefusedError with the provider's own words, which fails
// the version; anything else (5xx, timeouts, no connection) is a plain Error, so the job retries.
import { type FineTuningJobState, type FineTuningPort, FineTuningRefusedError } from '@doppel/domain/ports';
import type OpenAI from 'openai';
import { APIError, toFile } from 'openai';
import { createOpenAiClient, type OpenAiClientConfig } from '../llm/openai-client.ts';

export type OpenAiFineTuningConfig = OpenAiClientConfig & {
  /** Added to the fine-tuned model's name (ft:{base}:{org}:{suffix}:{id}). */
  suffix?: string;
};

/** The metadata key of our jobs; jobs.list filters on it. */
export const VERSION_METADATA_KEY = 'doppel_version_id';

export const trainingFileName = (versionId: string) => `doppel-version-${versionId}.jsonl`;

type Job = OpenAI.FineTuning.FineTuningJob;

export const createOpenAiFineTuning = (config: OpenAiFineTuningConfig): FineTuningPort => {
  const client = createOpenAiClient(config);
  const suffix = config.suffix ?? 'doppel';

  /** The provider's words for a failed job: its error, else its latest error event. */
  const failureMessage = async (job: Job): Promise<string> => {
    if (job.error?.message) return job.error.message;
    try {
      // Newest first; the first page is enough to find why it stopped.
      const events = await client.fineTuning.jobs.listEvents(job.id, { limit: 100 });
      const error = events.data.find((event) => event.level === 'error');
      if (error?.message) return error.message;
    } catch (caught) {
      // A server without the events endpoint still gets its job recorded as failed; others retry.
      if (!isRefusal(caught)) throw caught;
    }
    return 'Fine-tuning failed';
  };

  const toState = async (job: Job): Promise<FineTuningJobState> => ({
    jobId: job.id,
    status: job.status,
    fineTunedModelId: job.status === 'succeeded' ? (job.fine_tuned_model ?? null) : null,
    organisationId: job.organization_id || null,
    errorMessage: job.status === 'failed' ? await failureMessage(job) : null,
  });

  return {
    engine: 'openai',

    findTrainingFile: (versionId) =>
      call('file list', async () => {
        const name = trainingFileName(versionId);
        for await (const file of client.files.list({ purpose: 'fine-tune' })) {
          if (file.filename === name) return { fileId: file.id };
        }
        return null;
      }),

    uploadTrainingFile: ({ versionId, jsonl }) =>
      call('file upload', async () => {
        const file = await client.files.create({
          file: await toFile(Buffer.from(jsonl, 'utf8'), trainingFileName(versionId), { type: 'application/jsonl' }),
          purpose: 'fine-tune',
        });
        return { fileId: file.id };
      }),

    findJob: (versionId) =>
      call('fine-tuning job list', async () => {
        // Filtered by the provider; checked again here for compatible servers that ignore the filter.
        for await (const job of client.fineTuning.jobs.list({ metadata: { [VERSION_METADATA_KEY]: versionId } })) {
          if (job.metadata?.[VERSION_METADATA_KEY] === versionId) return toState(job);
        }
        return null;
      }),

    createJob: ({ versionId, trainingFileId, baseModel }) =>
      call('fine-tuning job create', async () =>
        toState(
          await client.fineTuning.jobs.create({
            model: baseModel,
            training_file: trainingFileId,
            suffix,
            metadata: { [VERSION_METADATA_KEY]: versionId },
          }),
        ),
      ),

    getJob: (jobId) => call('fine-tuning job retrieve', async () => toState(await client.fineTuning.jobs.retrieve(jobId))),
  };
};

/** 400, 403, 404 and 422: the provider will not do it (bad file, unknown base, not offered); no retry helps. */
const refusedStatuses = new Set([400, 403, 404, 422]);

const isRefusal = (error: unknown): error is APIError =>
  error instanceof APIError && error.status !== undefined && refusedStatuses.has(error.status);

/** The provider's message without the SDK's "400 " prefix. */
const providerMessage = (error: APIError): string => {
  const body: unknown = error.error;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return error.message.replace(/^\d{3} /, '');
};

const providerError = (error: unknown, what: string): Error => {
  if (error instanceof FineTuningRefusedError) return error;
  if (isRefusal(error)) return new FineTuningRefusedError(providerMessage(error));
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`OpenAI ${what} failed: ${message}`, { cause: error });
};

const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw providerError(error, what);
  }
};
