// FineTuningPort through Together AI's official `together-ai` SDK (docs/fine-tuning.md#providers):
// files (purpose fine-tune) and fine-tune jobs. Together's API cannot filter jobs by metadata, so
// what we create carries the version id in its name: the file's name, and the job's `suffix` (which
// Together also puts in the fine-tuned model's name); a step repeated after a crash lists and finds
// it. A refusal (4xx) becomes FineTuningRefusedError with Together's own words; anything else is a
// plain Error, so the job retries.
import { type FineTuningJobState, type FineTuningPort, FineTuningRefusedError } from '@doppel/domain/ports';
import Together, { APIError } from 'together-ai';
import { trainingFileName } from './openai-fine-tuning.ts';

export const DEFAULT_TOGETHER_BASE_URL = 'https://api.together.xyz/v1';

export type TogetherFineTuningConfig = {
  /** TOGETHER_API_KEY */
  apiKey: string;
  /** TOGETHER_BASE_URL; default Together's. */
  baseURL?: string | undefined;
  timeoutMs?: number | undefined;
};

/** The job suffix naming our version; Together allows 64 characters (ours: 7 + a 36-character id). */
export const togetherSuffix = (versionId: string) => `doppel-${versionId}`;

type Job = Together.FineTuning.FinetuneResponse | Together.FineTuning.FineTuningListResponse.Data;

const statusOf = (status: Job['status']): FineTuningJobState['status'] => {
  switch (status) {
    case 'completed':
      return 'succeeded';
    case 'error':
      return 'failed';
    case 'cancel_requested':
    case 'cancelled':
      return 'cancelled';
    case 'running':
    case 'compressing':
    case 'uploading':
      return 'running';
    default:
      return 'queued';
  }
};

export const createTogetherFineTuning = (config: TogetherFineTuningConfig): FineTuningPort => {
  const baseURL = (config.baseURL || DEFAULT_TOGETHER_BASE_URL).replace(/\/+$/, '');
  const client = new Together({
    // Everything explicit, so the SDK reads nothing from process.env (apps own the env).
    apiKey: config.apiKey,
    baseURL,
    projectID: null,
    // Our jobs own retries.
    maxRetries: 0,
    timeout: config.timeoutMs ?? 30_000,
    logLevel: 'off',
  });

  /** Together's words for a failed job: its latest error event. */
  const failureMessage = async (job: Job): Promise<string> => {
    const events = job.events ?? (await client.fineTuning.listEvents(job.id)).data;
    const error = [...events].reverse().find((event) => event.level === 'error' || event.type === 'job_error');
    return error?.message || 'Fine-tuning failed';
  };

  const toState = async (job: Job): Promise<FineTuningJobState> => {
    const status = statusOf(job.status);
    return {
      jobId: job.id,
      status,
      fineTunedModelId: status === 'succeeded' ? (job.model_output_name ?? null) : null,
      // Together has no organisations: the version title shows Unknown.
      organisationId: null,
      errorMessage: status === 'failed' ? await failureMessage(job) : null,
    };
  };

  /**
   * The SDK's files.upload reads a path from disk and posts to a base URL it read from the env at
   * import (not the client's), so its three steps are done here against our base URL: ask for an
   * upload (a 302 to where the bytes go, with the file id), PUT the bytes there, retrieve the file.
   */
  const upload = async (name: string, jsonl: string): Promise<string> => {
    const params = new URLSearchParams({ file_name: name, file_type: 'jsonl', purpose: 'fine-tune' });
    const asked = await fetch(`${baseURL}/files?${params}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${config.apiKey}` },
      redirect: 'manual',
      body: params.toString(),
      signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
    });
    const location = asked.headers.get('location');
    const fileId = asked.headers.get('x-together-file-id');
    if (asked.status !== 302 || !location || !fileId) {
      const body = await asked.text();
      throw new UploadError(asked.status, body);
    }
    const put = await fetch(location, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: jsonl,
      signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
    });
    if (put.status !== 200) throw new UploadError(put.status, await put.text());
    return (await client.files.retrieve(fileId)).id;
  };

  return {
    engine: 'together',

    findTrainingFile: (versionId) =>
      call('file list', async () => {
        const name = trainingFileName(versionId);
        const file = (await client.files.list()).data.find(
          (candidate) => candidate.filename === name && candidate.purpose === 'fine-tune',
        );
        return file ? { fileId: file.id } : null;
      }),

    uploadTrainingFile: ({ versionId, jsonl }) =>
      call('file upload', async () => ({ fileId: await upload(trainingFileName(versionId), jsonl) })),

    findJob: (versionId) =>
      call('fine-tune list', async () => {
        const suffix = togetherSuffix(versionId);
        const job = (await client.fineTuning.list()).data.find((candidate) => candidate.suffix === suffix);
        return job ? toState(job) : null;
      }),

    createJob: ({ versionId, trainingFileId, baseModel }) =>
      call('fine-tune create', async () =>
        toState(
          await client.fineTuning.create({
            model: baseModel,
            training_file: trainingFileId,
            suffix: togetherSuffix(versionId),
          }),
        ),
      ),

    getJob: (jobId) => call('fine-tune retrieve', async () => toState(await client.fineTuning.retrieve(jobId))),
  };
};

/** A failed step of the upload (it goes around the SDK): a status and Together's body. */
class UploadError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`status ${status}`);
    this.status = status;
    this.body = body;
  }
}

const refusedStatuses = new Set([400, 403, 404, 422]);

/** Together's message from its error body: `{ error: { message } }`, or `{ message }`. */
const messageOf = (body: unknown): string | null => {
  if (!body || typeof body !== 'object') return null;
  const inner = 'error' in body && body.error && typeof body.error === 'object' ? body.error : body;
  return 'message' in inner && typeof inner.message === 'string' && inner.message ? inner.message : null;
};

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const providerError = (error: unknown, what: string): Error => {
  if (error instanceof FineTuningRefusedError) return error;
  if (error instanceof APIError && error.status !== undefined && refusedStatuses.has(error.status)) {
    return new FineTuningRefusedError(messageOf(error.error) ?? error.message.replace(/^\d{3} /, ''));
  }
  if (error instanceof UploadError && refusedStatuses.has(error.status)) {
    return new FineTuningRefusedError(messageOf(parsed(error.body)) ?? `Together refused the upload (${error.status}).`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`Together ${what} failed: ${message}`, { cause: error });
};

const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw providerError(error, what);
  }
};
