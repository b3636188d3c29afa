// The fine-tuner used with no OPENAI_API_KEY (docs/fine-tuning.md): it checks the training file the
// way OpenAI would refuse an obviously bad one, then "finishes" at once with a model id the offline
// reply engine serves. It keeps nothing: every answer is computed from the version id (and the base,
// carried in the job id), so any worker process, before or after a crash, gets the same answer.
import { type FineTuningJobState, type FineTuningPort, FineTuningRefusedError } from '@doppel/domain/ports';

/** OpenAI refuses a chat fine-tuning file with fewer examples than this. */
export const MIN_TRAINING_EXAMPLES = 10;

export const OFFLINE_ORGANISATION_ID = 'org-doppel-offline';

const JOB_PREFIX = 'offline-ftjob:';
const trainingRoles = new Set(['system', 'user', 'assistant']);

/**
 * Why OpenAI would refuse this chat fine-tuning JSONL, or null when it looks fine: every non-empty
 * line a JSON object with a `messages` array of `{ role, content }` strings, an assistant message in
 * each example, and at least 10 examples.
 */
export function trainingFileProblem(jsonl: string): string | null {
  const lines = jsonl.split('\n');
  let examples = 0;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    // A trailing newline (or a blank line) is not an example.
    if (line === '') continue;
    const problem = exampleProblem(line);
    if (problem) return `Invalid training file: line ${index + 1} ${problem}.`;
    examples += 1;
  }
  if (examples < MIN_TRAINING_EXAMPLES) {
    return `Training file has ${examples} example(s), but must have at least ${MIN_TRAINING_EXAMPLES} examples.`;
  }
  return null;
}

function exampleProblem(line: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return 'is not valid JSON';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'is not a JSON object';
  const messages = (parsed as { messages?: unknown }).messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'has no messages array';
  for (const message of messages as unknown[]) {
    if (message === null || typeof message !== 'object') return 'has a message that is not an object';
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (typeof role !== 'string' || !trainingRoles.has(role)) return `has a message with an unknown role (${String(role)})`;
    if (typeof content !== 'string') return 'has a message whose content is not text';
  }
  if (!messages.some((message) => (message as { role: string }).role === 'assistant')) return 'has no assistant message';
  return null;
}

/** The offline job id carries the version and the base, so getJob needs no memory to answer. */
export const offlineJobId = (versionId: string, baseModel: string) =>
  `${JOB_PREFIX}${encodeURIComponent(versionId)}:${baseModel}`;

const parseOfflineJobId = (jobId: string): { versionId: string; baseModel: string } | null => {
  if (!jobId.startsWith(JOB_PREFIX)) return null;
  const rest = jobId.slice(JOB_PREFIX.length);
  // The version id is URI-encoded (no colon); the base may hold colons (a fine-tuned base).
  const colon = rest.indexOf(':');
  if (colon <= 0 || colon === rest.length - 1) return null;
  try {
    return { versionId: decodeURIComponent(rest.slice(0, colon)), baseModel: rest.slice(colon + 1) };
  } catch {
    return null;
  }
};

const offlineJob = (versionId: string, baseModel: string): FineTuningJobState => ({
  jobId: offlineJobId(versionId, baseModel),
  status: 'succeeded',
  fineTunedModelId: `ft:${baseModel}:doppel-offline:${versionId}`,
  organisationId: OFFLINE_ORGANISATION_ID,
  errorMessage: null,
});

export const createOfflineFineTuning = (): FineTuningPort => ({
  engine: 'offline',
  // Nothing is kept, so nothing is found: the pipeline uploads (and so checks the file) again, and
  // the deterministic answers below make doing it twice harmless.
  findTrainingFile: async () => null,
  uploadTrainingFile: async ({ versionId, jsonl }) => {
    const problem = trainingFileProblem(jsonl);
    if (problem) throw new FineTuningRefusedError(problem);
    return { fileId: `offline-file-${versionId}` };
  },
  // Without the base the job's model id cannot be told; creating again gives the same job.
  findJob: async () => null,
  createJob: async ({ versionId, baseModel }) => offlineJob(versionId, baseModel),
  getJob: async (jobId) => {
    const job = parseOfflineJobId(jobId);
    // A job another provider started (the key was removed meanwhile): polling could never finish it.
    if (!job) throw new FineTuningRefusedError(`The offline fine-tuner does not know the job ${jobId}.`);
    return offlineJob(job.versionId, job.baseModel);
  },
});
