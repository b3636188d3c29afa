// A local Together AI for tests: the real `together-ai` SDK (and our upload, which does the SDK's
// three upload steps) talk to it over HTTP, the way Together answers:
//   POST /v1/files?file_name&file_type&purpose → 302 to /upload/{id} with x-together-file-id;
//   PUT /upload/{id} (the bytes); GET /v1/files ({ data }), GET /v1/files/{id};
//   POST /v1/fine-tunes (known file, fine-tunable base, else 400 { error: { message } });
//   GET /v1/fine-tunes ({ data }, no filters: Together has none), GET /v1/fine-tunes/{id} (each
//   retrieve moves the job on: pending → queued → running → completed, or error for a bad file),
//   GET /v1/fine-tunes/{id}/events.
// Inference at Together speaks OpenAI's protocol: /v1/chat/completions (and the rest of OpenAI's
// inference routes) are passed to a fake OpenAI started alongside, whose `requests` record them.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { trainingFileProblem } from '../fine-tuning/offline-fine-tuning.ts';
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai.ts';
import { listen, readBody, sendJson } from './http.ts';

/** Together's account name in fine-tuned model names. */
export const FAKE_TOGETHER_ACCOUNT = 'doppel-test';

export type FakeTogetherFile = { id: string; filename: string; purpose: string; content: string | null; createdAt: number };

export type FakeTogetherJob = {
  id: string;
  model: string;
  trainingFile: string;
  suffix: string | null;
  status: 'pending' | 'queued' | 'running' | 'completed' | 'error' | 'cancelled';
  createdAt: string;
  /** Why it will fail at its first retrieve (a bad training file). */
  pendingError: string | null;
  events: { created_at: string; message: string; type: string; level: 'info' | 'error'; object: 'fine-tune-event' }[];
};

export type FakeTogether = {
  /** Base URL for the SDK (`baseURL`), ending in /v1; also Together's OpenAI-compatible inference URL. */
  url: string;
  /** Where chat completions go: its `requests` and `enqueue` script the replies. */
  inference: FakeOpenAi;
  /** The bases POST /v1/fine-tunes accepts. */
  fineTunableBases: (bases: readonly string[]) => void;
  /** The next POST /v1/fine-tunes creates the job but its answer is never sent (the caller died waiting). */
  loseNextCreateAnswer: () => Promise<void>;
  filesUploaded: () => readonly FakeTogetherFile[];
  jobsCreated: () => readonly FakeTogetherJob[];
  close: () => Promise<void>;
};

export const DEFAULT_FAKE_TOGETHER_BASES = ['meta-llama/Meta-Llama-3.1-8B-Instruct-Reference'];

const togetherError = (response: ServerResponse, status: number, message: string) =>
  sendJson(response, status, { error: { message, type: 'invalid_request_error', param: null, code: null } });

const steps: Partial<Record<FakeTogetherJob['status'], [FakeTogetherJob['status'], string, string]>> = {
  pending: ['queued', 'job_pending', 'Job is pending'],
  queued: ['running', 'job_start', 'Job started'],
  running: ['completed', 'job_complete', 'Job finished'],
};

export const startFakeTogether = async (options: { apiKey?: string } = {}): Promise<FakeTogether> => {
  const inference = await startFakeOpenAi(options.apiKey ? { apiKey: options.apiKey } : {});
  const files: FakeTogetherFile[] = [];
  const jobs: FakeTogetherJob[] = [];
  let bases: readonly string[] = DEFAULT_FAKE_TOGETHER_BASES;
  let loseAnswer: (() => void) | null = null;
  let origin = '';
  const now = () => new Date().toISOString();

  const fileObject = (file: FakeTogetherFile) => ({
    id: file.id,
    object: 'file',
    bytes: Buffer.byteLength(file.content ?? ''),
    created_at: file.createdAt,
    filename: file.filename,
    purpose: file.purpose,
    FileType: 'jsonl',
    Processed: file.content !== null,
    LineCount: (file.content ?? '').split('\n').filter(Boolean).length,
  });

  const jobObject = (job: FakeTogetherJob) => ({
    id: job.id,
    status: job.status,
    user_id: 'user-fake',
    created_at: job.createdAt,
    updated_at: job.createdAt,
    model: job.model,
    training_file: job.trainingFile,
    suffix: job.suffix ?? undefined,
    events: job.events,
    model_output_name:
      job.status === 'completed'
        ? `${FAKE_TOGETHER_ACCOUNT}/${job.model.split('/').at(-1)}-${job.suffix ?? 'ft'}-${job.id.slice(-6)}`
        : undefined,
  });

  const addEvent = (job: FakeTogetherJob, type: string, message: string, level: 'info' | 'error' = 'info') =>
    job.events.push({ created_at: now(), message, type, level, object: 'fine-tune-event' });

  const createJob = (body: Record<string, unknown>): { status: number; body: unknown } => {
    const { model, training_file: trainingFile, suffix } = body;
    const file = files.find((candidate) => candidate.id === trainingFile && candidate.content !== null);
    if (!file) return { status: 400, body: null };
    if (typeof model !== 'string' || !bases.includes(model)) {
      return { status: 400, body: `Model ${String(model)} is not supported for fine-tuning.` };
    }
    const job: FakeTogetherJob = {
      id: `ft-${randomUUID()}`,
      model,
      trainingFile: file.id,
      suffix: typeof suffix === 'string' ? suffix : null,
      status: 'pending',
      createdAt: now(),
      pendingError: trainingFileProblem(file.content ?? ''),
      events: [],
    };
    jobs.push(job);
    addEvent(job, 'job_pending', 'Fine tune request created');
    return { status: 200, body: jobObject(job) };
  };

  const advance = (job: FakeTogetherJob) => {
    if (job.status === 'pending' && job.pendingError) {
      job.status = 'error';
      addEvent(job, 'job_error', job.pendingError, 'error');
      return;
    }
    const step = steps[job.status];
    if (!step) return;
    job.status = step[0];
    addEvent(job, step[1], step[2]);
  };

  const server = await listen(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://fake');
      const path = url.pathname;
      const method = request.method ?? 'GET';
      if (method === 'PUT' && path.startsWith('/upload/')) {
        const file = files.find((candidate) => candidate.id === decodeURIComponent(path.slice('/upload/'.length)));
        if (!file) return togetherError(response, 404, 'Upload not found');
        file.content = await readBody(request);
        response.writeHead(200).end();
        return;
      }
      if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return togetherError(response, 401, 'Invalid API key provided');
      }
      if (!path.startsWith('/v1/files') && !path.startsWith('/v1/fine-tunes')) {
        // OpenAI-compatible inference: the fake OpenAI answers it (and records it).
        const body = method === 'GET' ? undefined : await readBody(request);
        const answered = await fetch(`${inference.url}${path.slice('/v1'.length)}${url.search}`, {
          method,
          headers: {
            'content-type': request.headers['content-type'] ?? 'application/json',
            authorization: request.headers.authorization ?? '',
          },
          ...(body === undefined ? {} : { body }),
        });
        response.writeHead(answered.status, { 'content-type': answered.headers.get('content-type') ?? 'application/json' });
        response.end(Buffer.from(await answered.arrayBuffer()));
        return;
      }
      if (method === 'POST' && path === '/v1/files') {
        const fileName = url.searchParams.get('file_name');
        const purpose = url.searchParams.get('purpose');
        if (!fileName || !purpose) return togetherError(response, 400, 'file_name and purpose are required');
        const file: FakeTogetherFile = {
          id: `file-${randomUUID()}`,
          filename: fileName,
          purpose,
          content: null,
          createdAt: Math.floor(Date.now() / 1000),
        };
        files.push(file);
        response.writeHead(302, { location: `${origin}/upload/${file.id}`, 'x-together-file-id': file.id }).end();
        return;
      }
      if (method === 'GET' && path === '/v1/files') return sendJson(response, 200, { data: files.map(fileObject) });
      const fileMatch = /^\/v1\/files\/([^/]+)$/.exec(path);
      if (method === 'GET' && fileMatch) {
        const file = files.find((candidate) => candidate.id === decodeURIComponent(fileMatch[1] ?? ''));
        return file ? sendJson(response, 200, fileObject(file)) : togetherError(response, 404, 'File not found');
      }
      if (method === 'POST' && path === '/v1/fine-tunes') {
        const created = createJob(JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>);
        if (loseAnswer) {
          // The job exists; its answer goes nowhere, as if the caller died waiting.
          const held = loseAnswer;
          loseAnswer = null;
          return held();
        }
        if (created.status !== 200) {
          return togetherError(
            response,
            created.status,
            typeof created.body === 'string' ? created.body : 'Training file not found',
          );
        }
        return sendJson(response, 200, created.body);
      }
      if (method === 'GET' && path === '/v1/fine-tunes') return sendJson(response, 200, { data: jobs.map(jobObject) });
      const jobMatch = /^\/v1\/fine-tunes\/([^/]+)(\/events)?$/.exec(path);
      const job = jobMatch && jobs.find((candidate) => candidate.id === decodeURIComponent(jobMatch[1] ?? ''));
      if (method === 'GET' && job && jobMatch?.[2]) return sendJson(response, 200, { data: job.events });
      if (method === 'GET' && job) {
        advance(job);
        return sendJson(response, 200, jobObject(job));
      }
      return togetherError(response, 404, `Not found: ${method} ${path}`);
    } catch (error) {
      togetherError(response, 500, error instanceof Error ? error.message : 'Internal error');
    }
  });
  origin = server.origin;

  return {
    url: `${server.origin}/v1`,
    inference,
    fineTunableBases: (list) => {
      bases = [...list];
    },
    loseNextCreateAnswer: () =>
      new Promise<void>((held) => {
        loseAnswer = held;
      }),
    filesUploaded: () => [...files],
    jobsCreated: () => [...jobs],
    close: async () => {
      await server.close();
      await inference.close();
    },
  };
};
