// The fine-tuning part of the fake OpenAI server (fake-openai.ts delegates here): files and
// fine-tuning jobs the way OpenAI answers them, so the real SDK and our adapter run unchanged.
//   POST /v1/files (multipart: file, purpose), GET /v1/files?purpose=… (cursor pages, newest first);
//   POST /v1/fine_tuning/jobs (known file, fine-tunable base, metadata kept), GET /v1/fine_tuning/jobs
//   (metadata[key]=value filter, as the SDK encodes it), GET /v1/fine_tuning/jobs/{id} (each retrieve
//   moves the job one step: validating_files → queued → running → succeeded, or failed when the file
//   is bad or a failure was scripted), GET /v1/fine_tuning/jobs/{id}/events (newest first).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { trainingFileProblem } from '../fine-tuning/offline-fine-tuning.ts';
import { sendJson } from './http.ts';

/** The organisation of every job; the admin labels it V1 (the seed's and the defaults' V1). */
export const FAKE_FINE_TUNING_ORGANIZATION = 'org-doppel-v1';

/** A multipart upload as POST /v1/files received it. */
export type FakeFileUpload = { purpose: string | null; filename: string | null; content: string | null };

export type FakeStoredFile = { id: string; filename: string; purpose: string; bytes: number; content: string; createdAt: number };

export type FakeJobStatus = 'validating_files' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export type FakeJobError = { code: string; message: string; param: string | null };

export type FakeFineTuningJob = {
  id: string;
  model: string;
  trainingFile: string;
  suffix: string | null;
  metadata: Record<string, string> | null;
  status: FakeJobStatus;
  createdAt: number;
  /** The failure it will take at its first retrieve (scripted, or a bad training file). */
  pendingError: FakeJobError | null;
  /** Report the failure only in the events (some compatible servers leave `error` empty). */
  errorInEventsOnly: boolean;
  error: FakeJobError | null;
  /** Oldest first; listed newest first like OpenAI. */
  events: { id: string; created_at: number; level: 'info' | 'warn' | 'error'; message: string }[];
};

export type FakeFineTuningControls = {
  /** The bases POST /v1/fine_tuning/jobs accepts; null (the default) accepts every model. */
  fineTunableBases: (bases: readonly string[] | null) => void;
  /** The next job created fails at its first retrieve with this error (OpenAI's job `error`). */
  failNextJob: (message: string, error?: { code?: string; param?: string | null; inEventsOnly?: boolean }) => void;
  /** The next POST /v1/files answers this HTTP error. */
  failNextUpload: (status: number, message?: string) => void;
  /**
   * The next request of `route` is never answered, as if the caller died while waiting: `before`
   * holds it unhandled (a job create that never reached the provider), `after` handles it first
   * (the provider created the job or moved it on, but the answer was lost). Resolves once held.
   */
  holdNext: (route: 'createJob' | 'retrieveJob', when: 'before' | 'after') => Promise<void>;
  /** Jobs created so far, oldest first. */
  jobsCreated: () => readonly FakeFineTuningJob[];
  /** Files uploaded so far, oldest first. */
  filesUploaded: () => readonly FakeStoredFile[];
};

export type FakeFineTuning = FakeFineTuningControls & {
  answer: (method: string, url: URL, body: unknown, response: ServerResponse) => void;
  reset: () => void;
};

export const isFineTuningPath = (path: string) =>
  path === '/v1/files' || path.startsWith('/v1/files/') || path.startsWith('/v1/fine_tuning/');

export const isMultipart = (request: IncomingMessage) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/** Parses a multipart body with the platform's own form-data reader (the one fetch uses). */
export const readUpload = async (request: IncomingMessage): Promise<FakeFileUpload> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const form = await new Response(Buffer.concat(chunks), {
    headers: { 'content-type': request.headers['content-type'] ?? '' },
  }).formData();
  const purpose = form.get('purpose');
  const file = form.get('file');
  return {
    purpose: typeof purpose === 'string' ? purpose : null,
    filename: file instanceof File ? file.name : null,
    content: file instanceof File ? await file.text() : null,
  };
};

const openAiError = (
  message: string,
  code: string | null = null,
  param: string | null = null,
  type = 'invalid_request_error',
) => ({
  error: { message, type, param, code },
});

/** OpenAI's 400 for a request it will not do. */
const refuse = (response: ServerResponse, message: string, code: string, param: string) =>
  sendJson(response, 400, openAiError(message, code, param));

/** Where each retrieve takes a job that has not failed, and the event it logs. */
const steps: Partial<Record<FakeJobStatus, [FakeJobStatus, string]>> = {
  validating_files: ['queued', 'Files validated, moving job to queued state'],
  queued: ['running', 'Fine-tuning job started'],
  running: ['succeeded', 'The job has successfully completed'],
};

export const createFakeFineTuning = (initialBases: readonly string[] | null = null): FakeFineTuning => {
  const files: FakeStoredFile[] = [];
  const jobs: FakeFineTuningJob[] = [];
  let bases = initialBases;
  let jobFailure: { error: FakeJobError; inEventsOnly: boolean } | null = null;
  let uploadFailure: { status: number; message: string } | null = null;
  let sequence = 0;
  const now = () => Math.floor(Date.now() / 1000);
  const holds: Array<{ route: 'createJob' | 'retrieveJob'; when: 'before' | 'after'; held: () => void }> = [];
  /** The hold for this request, taken off the list; its answer then goes to a response nobody reads. */
  const takeHold = (route: 'createJob' | 'retrieveJob') => {
    const index = holds.findIndex((hold) => hold.route === route);
    return index === -1 ? undefined : holds.splice(index, 1)[0];
  };
  /** Where the answer of a held request goes: nowhere (the real response stays open, unanswered). */
  const nobody = { writeHead: () => nobody, end: () => nobody } as unknown as ServerResponse;

  const addEvent = (job: FakeFineTuningJob, message: string, level: 'info' | 'error' = 'info') => {
    sequence += 1;
    job.events.push({ id: `ftevent-fake-${sequence}`, created_at: now(), level, message });
  };

  const upload = (body: FakeFileUpload, response: ServerResponse) => {
    if (uploadFailure) {
      const { status, message } = uploadFailure;
      uploadFailure = null;
      return sendJson(
        response,
        status,
        openAiError(message, null, null, status >= 500 ? 'server_error' : 'invalid_request_error'),
      );
    }
    if (!body.purpose) return refuse(response, "Missing required parameter: 'purpose'.", 'missing_required_parameter', 'purpose');
    if (body.filename === null || body.content === null) {
      return refuse(response, "Missing required parameter: 'file'.", 'missing_required_parameter', 'file');
    }
    sequence += 1;
    const file: FakeStoredFile = {
      id: `file-fake-${sequence}`,
      filename: body.filename,
      purpose: body.purpose,
      bytes: Buffer.byteLength(body.content),
      content: body.content,
      createdAt: now(),
    };
    files.push(file);
    sendJson(response, 200, fileObject(file));
  };

  const createJob = (body: Record<string, unknown>, response: ServerResponse) => {
    const { model, training_file: trainingFile, suffix, metadata } = body;
    if (typeof model !== 'string' || !model) {
      return refuse(response, "Missing required parameter: 'model'.", 'missing_required_parameter', 'model');
    }
    const file = files.find((candidate) => candidate.id === trainingFile && candidate.purpose === 'fine-tune');
    if (!file) return refuse(response, `File ${String(trainingFile)} not found.`, 'invalid_training_file', 'training_file');
    if (bases && !bases.includes(model)) {
      return refuse(
        response,
        `Model ${model} is not available for fine-tuning or does not exist.`,
        'model_not_available',
        'model',
      );
    }
    sequence += 1;
    const problem = trainingFileProblem(file.content);
    const job: FakeFineTuningJob = {
      id: `ftjob-fake-${sequence}`,
      model,
      trainingFile: file.id,
      suffix: typeof suffix === 'string' ? suffix : null,
      metadata: metadata && typeof metadata === 'object' ? (metadata as Record<string, string>) : null,
      status: 'validating_files',
      createdAt: now(),
      pendingError:
        jobFailure?.error ?? (problem ? { code: 'invalid_training_file', message: problem, param: 'training_file' } : null),
      errorInEventsOnly: jobFailure?.inEventsOnly ?? false,
      error: null,
      events: [],
    };
    jobFailure = null;
    jobs.push(job);
    addEvent(job, `Created fine-tuning job: ${job.id}`);
    addEvent(job, `Validating training file: ${file.id}`);
    sendJson(response, 200, jobObject(job));
  };

  /** One step further per retrieve, as if the provider worked between two polls. */
  const advance = (job: FakeFineTuningJob) => {
    if (job.status === 'validating_files' && job.pendingError) {
      job.status = 'failed';
      if (!job.errorInEventsOnly) job.error = job.pendingError;
      addEvent(job, job.pendingError.message, 'error');
      return;
    }
    const step = steps[job.status];
    if (!step) return;
    job.status = step[0];
    addEvent(job, step[1]);
  };

  const listJobs = (url: URL, response: ServerResponse) => {
    // The SDK sends the filter as metadata[key]=value (qs brackets); `metadata=` asks for jobs without any.
    const filters = [...url.searchParams].flatMap(([key, value]) => {
      const match = /^metadata\[(.+)\]$/.exec(key);
      return match?.[1] ? [[match[1], value] as const] : [];
    });
    const withoutMetadata = url.searchParams.get('metadata') === '' || url.searchParams.get('metadata') === 'null';
    const matching = jobs.filter((job) =>
      withoutMetadata ? !job.metadata : filters.every(([key, value]) => job.metadata?.[key] === value),
    );
    sendJson(response, 200, page(matching.map(jobObject), url, 20));
  };

  const answer = (method: string, url: URL, body: unknown, response: ServerResponse) => {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/files') return upload(body as FakeFileUpload, response);
    if (method === 'GET' && path === '/v1/files') {
      const purpose = url.searchParams.get('purpose');
      const listed = files.filter((file) => !purpose || file.purpose === purpose).map(fileObject);
      return sendJson(response, 200, page(listed, url, 10_000));
    }
    if (method === 'POST' && path === '/v1/fine_tuning/jobs') {
      const hold = takeHold('createJob');
      if (hold?.when === 'after') createJob((body ?? {}) as Record<string, unknown>, nobody);
      if (hold) return hold.held();
      return createJob((body ?? {}) as Record<string, unknown>, response);
    }
    if (method === 'GET' && path === '/v1/fine_tuning/jobs') return listJobs(url, response);
    const match = /^\/v1\/fine_tuning\/jobs\/([^/]+)(\/events)?$/.exec(path);
    const job = match && jobs.find((candidate) => candidate.id === decodeURIComponent(match[1] ?? ''));
    if (method === 'GET' && match && !job) {
      return sendJson(response, 404, openAiError(`Could not find fine-tuning job ${match[1]}.`, 'not_found', 'id'));
    }
    if (method === 'GET' && job && match?.[2]) return sendJson(response, 200, page(job.events, url, 20));
    if (method === 'GET' && job) {
      const hold = takeHold('retrieveJob');
      if (hold?.when !== 'before') advance(job);
      if (hold) return hold.held();
      return sendJson(response, 200, jobObject(job));
    }
    sendJson(response, 404, openAiError(`Unknown request URL: ${method} ${path}`, 'unknown_url'));
  };

  return {
    answer,
    fineTunableBases: (list) => {
      bases = list ? [...list] : null;
    },
    failNextJob: (message, { code = 'invalid_training_file', param = 'training_file', inEventsOnly = false } = {}) => {
      jobFailure = { error: { code, message, param }, inEventsOnly };
    },
    failNextUpload: (status, message) => {
      uploadFailure = { status, message: message ?? `Fake error ${status}` };
    },
    holdNext: (route, when) => new Promise<void>((held) => holds.push({ route, when, held })),
    jobsCreated: () => [...jobs],
    filesUploaded: () => [...files],
    reset: () => {
      files.length = 0;
      jobs.length = 0;
      bases = initialBases;
      jobFailure = null;
      uploadFailure = null;
      holds.length = 0;
    },
  };
};

const fileObject = (file: FakeStoredFile) => ({
  id: file.id,
  object: 'file',
  bytes: file.bytes,
  created_at: file.createdAt,
  filename: file.filename,
  purpose: file.purpose,
  status: 'processed',
  status_details: null,
  expires_at: null,
});

const jobObject = (job: FakeFineTuningJob) => ({
  id: job.id,
  object: 'fine_tuning.job',
  created_at: job.createdAt,
  error: job.error,
  fine_tuned_model: job.status === 'succeeded' ? ['ft', job.model, 'doppel', job.suffix, job.id].filter(Boolean).join(':') : null,
  finished_at: job.status === 'succeeded' || job.status === 'failed' ? job.createdAt : null,
  hyperparameters: { n_epochs: 'auto', batch_size: 'auto', learning_rate_multiplier: 'auto' },
  model: job.model,
  organization_id: FAKE_FINE_TUNING_ORGANIZATION,
  result_files: [],
  seed: 42,
  status: job.status,
  trained_tokens: job.status === 'succeeded' ? 1000 : null,
  training_file: job.trainingFile,
  validation_file: null,
  user_provided_suffix: job.suffix,
  metadata: job.metadata,
});

/** OpenAI's cursor page over newest-first items: `limit`, `after` (an id) and `has_more`. */
const page = <T extends { id: string }>(newestLast: readonly T[], url: URL, defaultLimit: number) => {
  const ordered = url.searchParams.get('order') === 'asc' ? [...newestLast] : [...newestLast].reverse();
  const after = url.searchParams.get('after');
  const start = after ? ordered.findIndex((item) => item.id === after) + 1 : 0;
  const limit = Number(url.searchParams.get('limit')) || defaultLimit;
  const data = ordered.slice(start, start + limit);
  return {
    object: 'list',
    data,
    has_more: start + limit < ordered.length,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
  };
};
